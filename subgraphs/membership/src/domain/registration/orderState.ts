import type { Knex } from '@ems/db';
import type { Db } from '../../data/db';
import { cancelPendingMembershipsOfOrder } from '../../data/memberships';
import { lockOrder, markOrderCancelled, orderById, type OrderStatus } from '../../data/orders';
import { lastPaymentsOfOrders, type PaymentStatus } from '../../data/payments';

export type CancelUnpaidOrderResult = { ok: true } | { ok: false; code: 'ORDER_PAID' };

/**
 * Cancels an unpaid order and its pending memberships, in the caller's transaction (a reset, or
 * answers changed before paying). Cancelling twice is fine. An order that has received any money
 * is refused like a paid one: what happens to that money is an operator's decision, not a click.
 * An open payment attempt is left alone; if the payer still completes it, the payment is recorded
 * against the cancelled order and nothing is activated (docs/payments.md).
 */
export async function cancelUnpaidOrder(trx: Knex.Transaction, orderId: number): Promise<CancelUnpaidOrderResult> {
  const order = await lockOrder(trx, orderId);
  // Forms only passes ids that createRegistrationOrder gave it: a missing order is a bug.
  if (!order) throw new Error(`order ${orderId} does not exist`);
  if (order.status === 'cancelled') return { ok: true };
  if (order.status === 'paid' || order.paidMinor > 0) return { ok: false, code: 'ORDER_PAID' };
  await cancelPendingMembershipsOfOrder(trx, orderId);
  await markOrderCancelled(trx, orderId);
  return { ok: true };
}

export interface OrderPaymentState {
  status: OrderStatus;
  lastAttempt: 'none' | PaymentStatus;
}

/** The order's status and its latest payment attempt, for the forms process to follow on read. */
export async function orderPaymentState(db: Db, orderId: number): Promise<OrderPaymentState | null> {
  const order = await orderById(db, orderId);
  if (!order) return null;
  const [last] = await lastPaymentsOfOrders(db, [orderId]);
  return { status: order.status, lastAttempt: last?.status ?? 'none' };
}
