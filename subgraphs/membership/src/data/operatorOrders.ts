import { camelCaseRows } from '@ems/db';
import type { Db } from './db';
import type { OrderStatus } from './orders';
import type { PaymentStatus } from './payments';
import { rawSet } from './sqlSets';
import { likeContains, WhereClauses } from './whereClauses';

/** An order as the operator's screens list it, with its period's name and the ordering account's user key. */
export interface OperatorOrderRow {
  id: number;
  reference: string;
  organisationId: number;
  status: OrderStatus;
  currency: string;
  totalMinor: number;
  paidMinor: number;
  createdAt: Date;
  paidAt: Date | null;
  periodId: number;
  periodName: string;
  userKey: string;
}

export interface OrderSearchQuery {
  organisationIds: readonly number[];
  status?: OrderStatus | null;
  /** Part of a reference (case-insensitive). */
  reference?: string | null;
  exactReference?: string | null;
  /** Orders that register the person or were placed by an account the person is linked to. */
  personId?: number | null;
  /** Keyset: orders with a smaller id (newest first). */
  beforeId?: number | null;
  limit: number;
}

/** The organisations' orders matching the search, newest first; one statement. */
export async function searchOrders(db: Db, q: OrderSearchQuery): Promise<OperatorOrderRow[]> {
  if (q.organisationIds.length === 0) return [];
  const where = new WhereClauses().add('o.organisation_id = ANY(?::int[])', q.organisationIds);
  if (q.status) where.add('o.status = ?', q.status);
  if (q.reference?.trim()) where.add('o.reference ILIKE ?', likeContains(q.reference.trim()));
  if (q.exactReference) where.add('o.reference = ?', q.exactReference);
  if (q.personId != null) {
    where.add(
      `(EXISTS (SELECT 1 FROM membership.memberships m WHERE m.order_id = o.id AND m.person_id = ?)
      OR EXISTS (SELECT 1 FROM membership.order_lines ol WHERE ol.order_id = o.id AND ol.person_id = ?)
      OR EXISTS (SELECT 1 FROM membership.linked_persons l WHERE l.account_id = o.account_id AND l.person_id = ?))`,
      q.personId,
      q.personId,
      q.personId,
    );
  }
  if (q.beforeId != null) where.add('o.id < ?', q.beforeId);
  const result = await rawSet(
    db,
    `SELECT o.id, o.reference, o.organisation_id, o.status, o.currency, o.total_minor, o.paid_minor, o.created_at, o.paid_at,
            o.period_id, mp.name AS period_name, a.external_user_id AS user_key
       FROM membership.orders o
       JOIN membership.membership_periods mp ON mp.id = o.period_id
       JOIN membership.accounts a ON a.id = o.account_id
      WHERE ${where.sql}
      ORDER BY o.id DESC
      LIMIT ?`,
    [...where.bindings, q.limit],
  );
  return camelCaseRows<OperatorOrderRow>(result);
}

export interface OrderPaymentRow {
  id: number;
  orderId: number;
  provider: string;
  providerPaymentId: string | null;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  createdAt: Date;
  confirmedAt: Date | null;
  /** Who recorded a manual payment (a bank transfer); null for the provider's. */
  recordedBy: string | null;
}

/** Every payment attempt of the orders, oldest first. */
export async function paymentsOfOrders(db: Db, orderIds: readonly number[]): Promise<OrderPaymentRow[]> {
  if (orderIds.length === 0) return [];
  const result = await rawSet(
    db,
    `SELECT p.id, p.order_id, p.provider, p.provider_payment_id, p.status, p.amount_minor, p.currency, p.created_at, p.confirmed_at,
            a.external_user_id AS recorded_by
       FROM membership.payments p LEFT JOIN membership.accounts a ON a.id = p.recorded_by_account_id
      WHERE p.order_id = ANY(?::int[])
      ORDER BY p.id`,
    [orderIds],
  );
  return camelCaseRows<OrderPaymentRow>(result);
}

/** A payment provider's notification (webhook event) about one of an order's payments. */
export interface PaymentEventRow {
  orderId: number;
  provider: string;
  eventId: string;
  providerPaymentId: string | null;
  receivedAt: Date;
}

/** The provider's events about the orders' payments, in the order they arrived. */
export async function paymentEventsOfOrders(db: Db, orderIds: readonly number[]): Promise<PaymentEventRow[]> {
  if (orderIds.length === 0) return [];
  const result = await rawSet(
    db,
    `SELECT p.order_id, e.provider, e.event_id, e.provider_payment_id, e.received_at
       FROM membership.payment_events e
       JOIN membership.payments p ON p.provider = e.provider AND p.provider_payment_id = e.provider_payment_id
      WHERE p.order_id = ANY(?::int[])
      ORDER BY e.received_at, e.event_id`,
    [orderIds],
  );
  return camelCaseRows<PaymentEventRow>(result);
}
