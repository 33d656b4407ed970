import DataLoader from 'dataloader';
import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { authOf, type RequestAuth } from '@ems/service-runtime';
import { organisationsByIds, personsByIds, type OrganisationRow, type PersonRow } from './data/directory';
import { categoriesByIds, categoriesOfEvents, eventsByIds, type EventCategoryRow } from './data/events';
import { participantCounts, participantPages, type ParticipantRow } from './data/participants';
import type { OperatorEvent } from './domain/events/types';
import { membershipsByOrderIds, type MembershipRow } from './data/memberships';
import { linesByOrderIds, ordersByIds, type OrderLineRow, type OrderRow } from './data/orders';
import { membershipTypesByIds, type MembershipTypeRow } from './data/periods';
import type { PaymentService } from './domain/payments/service';
import { scopeForUser, type DataScope } from './domain/scope';

export interface MembershipContext {
  db: Knex;
  auth: RequestAuth;
  /** The caller's data scope; null for anonymous callers. Loaded once per request. */
  scope: () => Promise<DataScope | null>;
  payments: PaymentService;
  /** Without SMTP the outbox is where e-mails can be read, so their recipients may list them. */
  localOutbox: boolean;
  loaders: {
    person: DataLoader<number, PersonRow | null>;
    organisation: DataLoader<number, OrganisationRow | null>;
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
  };
}

export interface ParticipantPageKey {
  eventId: number;
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

export function createContextFactory(db: Knex, deps: ContextDeps) {
  return async (req: Request): Promise<MembershipContext> => {
    const auth = authOf(req);
    let scope: Promise<DataScope | null> | null = null;
    return {
      db,
      auth,
      scope: () => (scope ??= auth.user ? scopeForUser(db, auth.user) : Promise.resolve(null)),
      payments: deps.payments,
      localOutbox: deps.localOutbox,
      loaders: {
        person: new DataLoader(async (ids) => byId(ids, await personsByIds(db, ids))),
        organisation: new DataLoader(async (ids) => byId(ids, await organisationsByIds(db, ids))),
        order: new DataLoader(async (ids) => byId(ids, await ordersByIds(db, ids))),
        orderLines: new DataLoader(async (ids) => groupedBy(ids, await linesByOrderIds(db, ids), (l) => l.orderId)),
        orderMemberships: new DataLoader(async (ids) => groupedBy(ids, await membershipsByOrderIds(db, ids), (m) => m.orderId)),
        membershipType: new DataLoader(async (ids) => byId(ids, await membershipTypesByIds(db, ids))),
        event: new DataLoader(async (ids) => byId(ids, await eventsByIds(db, ids))),
        eventCategories: new DataLoader(async (ids) => groupedBy(ids, await categoriesOfEvents(db, ids), (c) => c.eventId)),
        eventCategory: new DataLoader(async (ids) => byId(ids, await categoriesByIds(db, ids))),
        participantPage: new DataLoader(
          async (keys) => {
            const rows = await participantPages(db, keys);
            return keys.map((_, i) => rows.filter((r) => r.requestIndex === i));
          },
          { cacheKeyFn: (k) => `${k.eventId}:${k.afterId}:${k.limit}` },
        ),
        participantCount: new DataLoader(async (ids) => {
          const counts = await participantCounts(db, ids);
          return ids.map((id) => counts.get(id) ?? 0);
        }),
      },
    };
  };
}
