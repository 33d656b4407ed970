import DataLoader from 'dataloader';
import type { Knex } from '@ems/db';
import { partnerHasScope, requirePartner, requirePartnerScope, type PartnerApiAuth, type PartnerScope } from '@ems/schema';
import { organisationsOfRegistrationSystem, type OrganisationRow } from '../../data/directory';
import { partnerEventsByIds, partnerParticipantsByIds, type PartnerEventRow, type PartnerParticipantRow } from '../../data/partnerEvents';
import {
  householdLinksOfMembers,
  membersByIds,
  membershipsOfMembers,
  membershipsOfOrders,
  type HouseholdLinkRow,
  type MemberMembershipRow,
  type MemberRow,
} from '../../data/partnerMembers';
import { linesOfOrders, partnerOrdersByIds, type PartnerOrderLineRow, type PartnerOrderRow } from '../../data/partnerOrders';
import { participantPageLoader, type ParticipantPageLoader } from './participants';

/**
 * A partner as membership answers it (docs/partner-api.md): the key's registration system, those
 * of its organisations that belong to it (checked once per request, so a key can never reach into
 * another tenant), its scopes, and per-request loaders that read only inside those organisations.
 */
export interface PartnerReader {
  keyId: number;
  registrationSystemId: number;
  /** The key's organisations that belong to its registration system. */
  organisations: readonly OrganisationRow[];
  organisationIds: readonly number[];
  scopes: readonly PartnerScope[];
  /** members:pii: personal data (names, e-mail, date of birth) is shown; without it, null. */
  personalData: boolean;
  loaders: PartnerLoaders;
}

export interface PartnerLoaders {
  member: DataLoader<number, MemberRow | null>;
  memberships: DataLoader<number, MemberMembershipRow[]>;
  householdLinks: DataLoader<number, HouseholdLinkRow[]>;
  order: DataLoader<number, PartnerOrderRow | null>;
  orderLines: DataLoader<number, PartnerOrderLineRow[]>;
  orderMemberships: DataLoader<number, MemberMembershipRow[]>;
  event: DataLoader<number, PartnerEventRow | null>;
  participant: DataLoader<number, PartnerParticipantRow | null>;
  participantPage: ParticipantPageLoader;
}

export interface PartnerAccess {
  /** The partner, when the request carries a partner token holding `scope` (if given); the shared refusals otherwise. */
  reader(scope?: PartnerScope): Promise<PartnerReader>;
}

function byId<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

function grouped<T>(ids: readonly number[], rows: readonly T[], key: (row: T) => number | null): T[][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

function partnerLoaders(db: Knex, registrationSystemId: number, organisationIds: readonly number[]): PartnerLoaders {
  const orgs = organisationIds;
  return {
    member: new DataLoader(async (ids) => byId(ids, await membersByIds(db, registrationSystemId, orgs, ids))),
    memberships: new DataLoader(async (ids) => grouped(ids, await membershipsOfMembers(db, orgs, ids), (m) => m.personId)),
    householdLinks: new DataLoader(async (ids) => grouped(ids, await householdLinksOfMembers(db, orgs, ids), (l) => l.personId)),
    order: new DataLoader(async (ids) => byId(ids, await partnerOrdersByIds(db, orgs, ids))),
    // Lines of orders reached through `order` or a page, both already inside the organisations.
    orderLines: new DataLoader(async (ids) => grouped(ids, await linesOfOrders(db, ids), (l) => l.orderId)),
    orderMemberships: new DataLoader(async (ids) => grouped(ids, await membershipsOfOrders(db, orgs, ids), (m) => m.orderId)),
    event: new DataLoader(async (ids) => byId(ids, await partnerEventsByIds(db, orgs, ids))),
    participant: new DataLoader(async (ids) => byId(ids, await partnerParticipantsByIds(db, orgs, ids))),
    participantPage: participantPageLoader(db),
  };
}

export function createPartnerAccess(db: Knex, auth: PartnerApiAuth): PartnerAccess {
  let loaded: Promise<PartnerReader> | null = null;
  const load = async (): Promise<PartnerReader> => {
    const partner = requirePartner(auth);
    const organisations = await organisationsOfRegistrationSystem(db, partner.registrationSystemId, partner.organisationIds);
    const organisationIds = organisations.map((o) => o.id);
    return {
      keyId: partner.keyId,
      registrationSystemId: partner.registrationSystemId,
      organisations,
      organisationIds,
      scopes: partner.scopes,
      personalData: partnerHasScope(partner, 'members:pii'),
      loaders: partnerLoaders(db, partner.registrationSystemId, organisationIds),
    };
  };
  return {
    reader: async (scope) => {
      if (scope) requirePartnerScope(auth, scope);
      else requirePartner(auth);
      return (loaded ??= load());
    },
  };
}

/**
 * The organisations a list reads: the partner's, or the one asked for when it is one of them. An
 * organisation outside the key reads as none at all (no error, no existence leak).
 */
export function organisationsToRead(reader: PartnerReader, organisationId: string | null | undefined): number[] {
  if (organisationId == null) return [...reader.organisationIds];
  const id = Number(organisationId);
  return reader.organisationIds.includes(id) ? [id] : [];
}

/** An id argument as a row id, or null when it cannot name a row (then nothing is found). */
export function rowIdOf(id: string | number | null | undefined): number | null {
  if (id == null) return null;
  const text = String(id);
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2 ** 31 - 1 ? Number(text) : null;
}
