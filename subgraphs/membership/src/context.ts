import DataLoader from 'dataloader';
import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { authOf, type RequestAuth } from '@ems/service-runtime';
import { organisationsByIds, personsByIds, type OrganisationRow, type PersonRow } from './data/directory';
import { organisationLogoPaths } from './domain/clubIdentity/logos';
import { categoriesByIds, categoriesOfEvents, eventsByIds, type EventCategoryRow } from './data/events';
import { participantCounts, participantPages, participantsByIds, type ParticipantRow } from './data/participants';
import { resultCounts, resultPages, resultSetsOfEvents, type ResultRow, type ResultSetRow } from './data/results';
import type { OperatorEvent } from './domain/events/types';
import { membershipsByOrderIds, type MembershipRow } from './data/memberships';
import { linesByOrderIds, ordersByIds, type OrderLineRow, type OrderRow } from './data/orders';
import { membershipTypesByIds, type MembershipTypeRow } from './data/periods';
import { paymentEventsOfOrders, type PaymentEventRow } from './data/operatorOrders';
import type { PaymentService } from './domain/payments/service';
import { scopeForUser, visiblePersons, type DataScope } from './domain/scope';
import { createPartnerAccess, type PartnerAccess } from './domain/partner/reader';

export interface MembershipContext {
  db: Knex;
  auth: RequestAuth;
  /** The caller's data scope; null for anonymous callers. Loaded once per request. */
  scope: () => Promise<DataScope | null>;
  payments: PaymentService;
  /** The partner API's caller (a partner token), checked and loaded once per request. */
  partner: PartnerAccess;
  /** Without SMTP the outbox is where e-mails can be read, so their recipients may list them. */
  localOutbox: boolean;
  loaders: {
    /** Unscoped: `personVisible` (or the parent the person is reached through) decides who sees it. */
    person: DataLoader<number, PersonRow | null>;
    /** Whether the caller may see the person (domain/scope.ts `visiblePersons`). */
    personVisible: DataLoader<number, boolean>;
    organisation: DataLoader<number, OrganisationRow | null>;
    /** The public path of an organisation's current logo; null when it has none. */
    organisationLogo: DataLoader<number, string | null>;
    /** Unscoped: resolvers check the scope before handing an order out. */
    order: DataLoader<number, OrderRow | null>;
    orderLines: DataLoader<number, OrderLineRow[]>;
    orderMemberships: DataLoader<number, MembershipRow[]>;
    membershipType: DataLoader<number, MembershipTypeRow | null>;
    /** Unscoped: resolvers check the operator's organisations before handing an event out. */
    event: DataLoader<number, OperatorEvent | null>;
    eventCategories: DataLoader<number, EventCategoryRow[]>;
    eventCategory: DataLoader<number, EventCategoryRow | null>;
    /** One page of an event's participants (read with one extra row to tell whether more follow). */
    participantPage: DataLoader<ParticipantPageKey, ParticipantRow[], string>;
    participantCount: DataLoader<number, number>;
    participant: DataLoader<number, ParticipantRow | null>;
    eventResultSets: DataLoader<number, ResultSetRow[]>;
    /** One page of a result set's results (read with one extra row, like participantPage). */
    resultPage: DataLoader<ResultPageKey, ResultRow[], string>;
    resultCount: DataLoader<number, number>;
    /** The payment provider's events about an order's payments (operators' order screens). */
    orderPaymentEvents: DataLoader<number, PaymentEventRow[]>;
  };
}

export interface ParticipantPageKey {
  eventId: number;
  afterId: number;
  limit: number;
}

export interface ResultPageKey {
  resultSetId: number;
  afterId: number;
  limit: number;
}

export interface ContextDeps {
  payments: PaymentService;
  localOutbox: boolean;
}

function byId<T extends { id: number }>(ids: readonly number[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

function groupedBy<T>(ids: readonly number[], rows: T[], key: (row: T) => number | null): T[][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** Pages asked in one tick are read by one statement; each row carries the index of the request it answers. */
function pagesLoader<Key, Row extends { requestIndex: number }>(
  read: (keys: readonly Key[]) => Promise<Row[]>,
  cacheKey: (key: Key) => string,
): DataLoader<Key, Row[], string> {
  return new DataLoader(
    async (keys) => {
      const rows = await read(keys);
      return keys.map((_, i) => rows.filter((r) => r.requestIndex === i));
    },
    { cacheKeyFn: cacheKey },
  );
}

/** Counts by id; an id without rows counts 0. */
function countsLoader(read: (ids: readonly number[]) => Promise<Map<number, number>>): DataLoader<number, number> {
  return new DataLoader(async (ids) => {
    const counts = await read(ids);
    return ids.map((id) => counts.get(id) ?? 0);
  });
}

export function createContextFactory(db: Knex, deps: ContextDeps) {
  return async (req: Request): Promise<MembershipContext> => {
    const auth = authOf(req);
    let loaded: Promise<DataScope | null> | null = null;
    const scope = () => (loaded ??= auth.user ? scopeForUser(db, auth.user) : Promise.resolve(null));
    return {
      db,
      auth,
      scope,
      payments: deps.payments,
      partner: createPartnerAccess(db, auth),
      localOutbox: deps.localOutbox,
      loaders: {
        person: new DataLoader(async (ids) => byId(ids, await personsByIds(db, ids))),
        personVisible: new DataLoader(async (ids) => visiblePersons(db, await scope(), ids)),
        organisation: new DataLoader(async (ids) => byId(ids, await organisationsByIds(db, ids))),
        organisationLogo: new DataLoader(async (ids) => {
          const paths = await organisationLogoPaths(db, ids);
          return ids.map((id) => paths.get(id) ?? null);
        }),
        order: new DataLoader(async (ids) => byId(ids, await ordersByIds(db, ids))),
        orderLines: new DataLoader(async (ids) => groupedBy(ids, await linesByOrderIds(db, ids), (l) => l.orderId)),
        orderMemberships: new DataLoader(async (ids) => groupedBy(ids, await membershipsByOrderIds(db, ids), (m) => m.orderId)),
        membershipType: new DataLoader(async (ids) => byId(ids, await membershipTypesByIds(db, ids))),
        event: new DataLoader(async (ids) => byId(ids, await eventsByIds(db, ids))),
        eventCategories: new DataLoader(async (ids) => groupedBy(ids, await categoriesOfEvents(db, ids), (c) => c.eventId)),
        eventCategory: new DataLoader(async (ids) => byId(ids, await categoriesByIds(db, ids))),
        participantPage: pagesLoader(
          (keys) => participantPages(db, keys),
          (k) => `${k.eventId}:${k.afterId}:${k.limit}`,
        ),
        participantCount: countsLoader((ids) => participantCounts(db, ids)),
        participant: new DataLoader(async (ids) => byId(ids, await participantsByIds(db, ids))),
        eventResultSets: new DataLoader(async (ids) => groupedBy(ids, await resultSetsOfEvents(db, ids), (s) => s.eventId)),
        resultPage: pagesLoader(
          (keys) => resultPages(db, keys),
          (k) => `${k.resultSetId}:${k.afterId}:${k.limit}`,
        ),
        resultCount: countsLoader((ids) => resultCounts(db, ids)),
        orderPaymentEvents: new DataLoader(async (ids) => groupedBy(ids, await paymentEventsOfOrders(db, ids), (e) => e.orderId)),
      },
    };
  };
}
