import type { Db } from './db';

export type RefundStatus = 'requested' | 'pending' | 'succeeded' | 'failed';

export interface RefundRow {
  id: number;
  paymentId: number;
  amountMinor: number;
  currency: string;
  reason: string;
  status: RefundStatus;
  providerRefundId: string | null;
  attempts: number;
  lastError: string | null;
}

/** A refund still to be sent, with what the provider needs to know about its payment. */
export interface RequestedRefund extends RefundRow {
  provider: string;
  providerPaymentId: string;
  orderReference: string;
}

const COLUMNS = ['id', 'paymentId', 'amountMinor', 'currency', 'reason', 'status', 'providerRefundId', 'attempts', 'lastError'] as const;

/** Records that a payment is to be refunded (once per payment: a second request changes nothing). */
export async function requestRefund(
  db: Db,
  refund: { paymentId: number; amountMinor: number; currency: string; reason: string },
): Promise<boolean> {
  const rows = await db('membership.paymentRefunds').insert(refund).onConflict('payment_id').ignore().returning('id');
  return rows.length === 1;
}

/**
 * Claims the oldest requested refund (`FOR UPDATE SKIP LOCKED` in the caller's transaction), so
 * that two processes never send the same one at the same time.
 */
export async function claimRequestedRefund(db: Db, exceptIds: readonly number[] = []): Promise<RequestedRefund | null> {
  const row = await db('membership.paymentRefunds as r')
    .join('membership.payments as p', 'p.id', 'r.paymentId')
    .join('membership.orders as o', 'o.id', 'p.orderId')
    .where('r.status', 'requested')
    .whereNotNull('p.providerPaymentId')
    .whereNotIn('r.id', exceptIds as number[])
    .orderBy('r.id')
    .forUpdate('r')
    .skipLocked()
    .first([...COLUMNS.map((c) => `r.${c}`), 'p.provider', 'p.providerPaymentId', 'o.reference as orderReference']);
  return (row as RequestedRefund | undefined) ?? null;
}

export async function updateRefund(
  db: Db,
  id: number,
  change: { status: RefundStatus; providerRefundId?: string; attempts: number; lastError?: string | null },
): Promise<void> {
  await db('membership.paymentRefunds')
    .where({ id })
    .update({ ...change, updatedAt: db.fn.now() });
}
