import { InputError, missingScope, updatedSinceOf, type PartnerScope } from '@ems/schema';
import { eventPage, type PartnerEventRow, type PartnerParticipantRow } from '../../data/partnerEvents';
import { memberPage, type MemberRow } from '../../data/partnerMembers';
import { orderPage, type PartnerOrderRow } from '../../data/partnerOrders';
import { removalPage, type PartnerRemovalRow, type RemovalKind } from '../../data/partnerRemovals';
import type { Db } from '../../data/db';
import type { MembershipStatus } from '../../data/memberships';
import type { OrderStatus } from '../../data/orders';
import { connectionOf, emptyConnection, pageRequest, type Connection } from './pages';
import { organisationsToRead, rowIdOf, type PartnerReader } from './reader';

/**
 * The partner's lists (docs/partner-api.md): each a Relay connection in sync order, read in one
 * statement, inside the key's organisations. The filters a sync needs narrow them; an
 * organisation, period or event outside the key narrows them to nothing.
 */

export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

export interface MemberListFilter {
  updatedSince?: string | null;
  organisationId?: string | null;
  periodId?: string | null;
  statuses?: readonly MembershipStatus[] | null;
}

/** A filter's id argument: absent (undefined), a row id, or null when it cannot name a row (then nothing matches). */
function filterId(id: string | null | undefined): number | null | undefined {
  return id == null ? undefined : rowIdOf(id);
}

export async function memberConnection(
  db: Db,
  reader: PartnerReader,
  args: PageArgs & { filter?: MemberListFilter | null },
): Promise<Connection<MemberRow>> {
  const request = pageRequest('member', 'int', args);
  const filter = args.filter ?? {};
  const updatedSince = updatedSinceOf(filter.updatedSince);
  const organisationIds = organisationsToRead(reader, filter.organisationId);
  const periodId = filterId(filter.periodId);
  if (organisationIds.length === 0 || periodId === null) return emptyConnection(request);
  const page = await memberPage(
    db,
    {
      registrationSystemId: reader.registrationSystemId,
      organisationIds,
      periodId: periodId ?? null,
      statuses: filter.statuses && filter.statuses.length > 0 ? filter.statuses : null,
      updatedSince,
    },
    request.from,
    request.size + 1,
  );
  return connectionOf('member', 'int', request, page);
}

export interface OrderListFilter {
  updatedSince?: string | null;
  organisationId?: string | null;
  periodId?: string | null;
  statuses?: readonly OrderStatus[] | null;
}

export async function orderConnection(
  db: Db,
  reader: PartnerReader,
  args: PageArgs & { filter?: OrderListFilter | null },
): Promise<Connection<PartnerOrderRow>> {
  const request = pageRequest('order', 'int', args);
  const filter = args.filter ?? {};
  const updatedSince = updatedSinceOf(filter.updatedSince);
  const organisationIds = organisationsToRead(reader, filter.organisationId);
  const periodId = filterId(filter.periodId);
  if (organisationIds.length === 0 || periodId === null) return emptyConnection(request);
  const page = await orderPage(
    db,
    {
      organisationIds,
      periodId: periodId ?? null,
      statuses: filter.statuses && filter.statuses.length > 0 ? filter.statuses : null,
      updatedSince,
    },
    request.from,
    request.size + 1,
  );
  return connectionOf('order', 'int', request, page);
}

export interface EventListFilter {
  updatedSince?: string | null;
  organisationId?: string | null;
  startsOnOrAfter?: string | null;
}

export async function eventConnection(
  db: Db,
  reader: PartnerReader,
  args: PageArgs & { filter?: EventListFilter | null },
): Promise<Connection<PartnerEventRow>> {
  const request = pageRequest('event', 'int', args);
  const filter = args.filter ?? {};
  const updatedSince = updatedSinceOf(filter.updatedSince);
  const startsOnOrAfter = filter.startsOnOrAfter == null ? null : calendarDateOf(filter.startsOnOrAfter);
  const organisationIds = organisationsToRead(reader, filter.organisationId);
  if (organisationIds.length === 0) return emptyConnection(request);
  const page = await eventPage(db, { organisationIds, startsOnOrAfter, updatedSince }, request.from, request.size + 1);
  return connectionOf('event', 'int', request, page);
}

/** An event's participants (the event is one the partner reads). Pages of several events are read together. */
export async function participantConnection(
  reader: PartnerReader,
  eventId: number,
  args: PageArgs & { filter?: { updatedSince?: string | null } | null },
): Promise<Connection<PartnerParticipantRow>> {
  const request = pageRequest('participant', 'int', args);
  const updatedSince = updatedSinceOf(args.filter?.updatedSince);
  const page = await reader.loaders.participantPage.load({ eventId, after: request.from, limit: request.size + 1, updatedSince });
  return connectionOf('participant', 'int', request, page);
}

/** The list a removal leaves, and so the scope that reads it. */
const REMOVAL_SCOPE: Record<RemovalKind, PartnerScope> = { MEMBER: 'members:read', ORDER: 'members:read', PARTICIPANT: 'events:read' };

/**
 * The kinds of removal a partner reads: those asked for (all unless some are), each needing the
 * scope of the list it leaves. A kind asked for without its scope is refused (MISSING_SCOPE), as
 * the list would be; of all kinds, those the key's scopes allow (none: MISSING_SCOPE).
 */
function removalKinds(reader: PartnerReader, asked: readonly RemovalKind[] | null | undefined): RemovalKind[] {
  const wanted = asked && asked.length > 0 ? [...new Set(asked)] : (Object.keys(REMOVAL_SCOPE) as RemovalKind[]);
  const allowed = wanted.filter((kind) => reader.scopes.includes(REMOVAL_SCOPE[kind]));
  const missing = wanted.find((kind) => !allowed.includes(kind));
  if ((asked && asked.length > 0 && missing) || allowed.length === 0) throw missingScope(REMOVAL_SCOPE[missing ?? 'MEMBER']);
  return allowed;
}

export interface RemovalListFilter {
  updatedSince?: string | null;
  organisationId?: string | null;
  kinds?: readonly RemovalKind[] | null;
}

/** What left the partner's lists (members of an organisation, orders, participants), in sync order. */
export async function removalConnection(
  db: Db,
  reader: PartnerReader,
  args: PageArgs & { filter?: RemovalListFilter | null },
): Promise<Connection<PartnerRemovalRow>> {
  const filter = args.filter ?? {};
  const kinds = removalKinds(reader, filter.kinds);
  const request = pageRequest('removal', 'int', args);
  const updatedSince = updatedSinceOf(filter.updatedSince);
  const organisationIds = organisationsToRead(reader, filter.organisationId);
  if (organisationIds.length === 0) return emptyConnection(request);
  const page = await removalPage(db, { organisationIds, kinds, removedSince: updatedSince }, request.from, request.size + 1);
  return connectionOf('removal', 'int', request, page);
}

function calendarDateOf(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InputError('startsOnOrAfter must be a date, YYYY-MM-DD', { code: 'INVALID_DATE' });
  }
  return value;
}
