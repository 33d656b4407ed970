import { camelCaseRows, readSyncPage, type SyncPageRows } from '@ems/db';
import type { SyncPosition } from '@ems/schema';
import type { Db } from './db';
import type { OrderStatus } from './orders';
import { rawSet } from './sqlSets';

/**
 * Orders as a partner reads them (docs/partner-api.md): the organisation's orders with their
 * payment state and lines; never the pay link's token, the quote or who paid how.
 */
export interface PartnerOrderRow {
  id: number;
  reference: string;
  /** The account that placed the order: the household. */
  householdId: number;
  organisationId: number;
  periodId: number;
  status: OrderStatus;
  currency: string;
  totalMinor: number;
  paidMinor: number;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
}

export interface OrderFilter {
  organisationIds: readonly number[];
  periodId: number | null;
  statuses: readonly OrderStatus[] | null;
  updatedSince: Date | null;
}

const ORDER_COLUMNS = `t.id, t.reference, t.account_id AS household_id, t.organisation_id, t.period_id, t.status, t.currency,
  t.total_minor, t.paid_minor, t.created_at, t.updated_at, t.paid_at, t.cancelled_at`;

export async function orderPage(db: Db, filter: OrderFilter, after: SyncPosition, limit: number): Promise<SyncPageRows<PartnerOrderRow>> {
  return readSyncPage<PartnerOrderRow>(db, {
    from: 'membership.orders t',
    columns: ORDER_COLUMNS,
    where: [
      { sql: 't.organisation_id = ANY(?::int[])', bindings: [filter.organisationIds] },
      ...(filter.periodId !== null ? [{ sql: 't.period_id = ?', bindings: [filter.periodId] }] : []),
      ...(filter.statuses !== null ? [{ sql: 't.status = ANY(?::text[])', bindings: [filter.statuses] }] : []),
      ...(filter.updatedSince ? [{ sql: 't.updated_at >= ?', bindings: [filter.updatedSince] }] : []),
    ],
    keyType: 'int',
    after,
    limit,
  });
}

/** The orders among `ids` of the organisations (others are not there for this partner). */
export async function partnerOrdersByIds(db: Db, organisationIds: readonly number[], ids: readonly number[]): Promise<PartnerOrderRow[]> {
  return camelCaseRows<PartnerOrderRow>(
    await rawSet(db, `SELECT ${ORDER_COLUMNS} FROM membership.orders t WHERE t.id = ANY(?::int[]) AND t.organisation_id = ANY(?::int[])`, [
      ids,
      organisationIds,
    ]),
  );
}

export interface PartnerOrderLineRow {
  orderId: number;
  /** The member the line is for; null for a line of the whole order. */
  memberId: number | null;
  kind: string;
  description: string;
  amountMinor: number;
  rule: string;
}

/** The lines of each order, in the order's own order (callers pass orders already scoped). */
export async function linesOfOrders(db: Db, orderIds: readonly number[]): Promise<PartnerOrderLineRow[]> {
  return camelCaseRows<PartnerOrderLineRow>(
    await rawSet(
      db,
      `SELECT order_id, person_id AS member_id, kind, description, amount_minor, rule
         FROM membership.order_lines WHERE order_id = ANY(?::int[]) ORDER BY order_id, position`,
      [orderIds],
    ),
  );
}
