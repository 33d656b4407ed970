import type { Db } from './db';

export type PaymentStatus = 'created' | 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface PaymentRow {
  id: number;
  orderId: number;
  provider: string;
  providerPaymentId: string | null;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  createdAt: Date;
  confirmedAt: Date | null;
}

const COLUMNS = [
  'id',
  'orderId',
  'provider',
  'providerPaymentId',
  'status',
  'amountMinor',
  'currency',
  'createdAt',
  'confirmedAt',
] as const;

export async function insertPayment(
  db: Db,
  payment: {
    orderId: number;
    provider: string;
    providerPaymentId?: string | null;
    status: PaymentStatus;
    amountMinor: number;
    currency: string;
    recordedByAccountId?: number | null;
  },
): Promise<PaymentRow> {
  const [row] = await db('membership.payments')
    .insert({ ...payment, ...(payment.status === 'succeeded' ? { confirmedAt: db.fn.now() } : {}) })
    .returning(COLUMNS);
  return row as PaymentRow;
}

/** The provider accepted the attempt: it now has the provider's id and waits for the payer. */
export async function attachProviderPayment(db: Db, id: number, providerPaymentId: string): Promise<void> {
  await db('membership.payments').where({ id, status: 'created' }).update({ providerPaymentId, status: 'pending', updatedAt: db.fn.now() });
}

export async function paymentByProviderId(db: Db, provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
  return (await db('membership.payments').where({ provider, providerPaymentId }).first(COLUMNS)) ?? null;
}

export async function lockPayment(db: Db, id: number): Promise<PaymentRow | null> {
  return (await db('membership.payments').where({ id }).forUpdate().first(COLUMNS)) ?? null;
}

export async function setPaymentStatus(db: Db, id: number, status: PaymentStatus, amountMinor?: number): Promise<void> {
  await db('membership.payments')
    .where({ id })
    .update({
      status,
      updatedAt: db.fn.now(),
      ...(amountMinor === undefined ? {} : { amountMinor }),
      ...(status === 'succeeded' || status === 'failed' || status === 'cancelled' ? { confirmedAt: db.fn.now() } : {}),
    });
}

/** The latest attempt of each order (the one the payer is looking at). */
export async function lastPaymentsOfOrders(db: Db, orderIds: readonly number[]): Promise<PaymentRow[]> {
  return db('membership.payments')
    .distinctOn('orderId')
    .whereIn('orderId', orderIds as number[])
    .orderBy([{ column: 'orderId' }, { column: 'id', order: 'desc' }])
    .select(COLUMNS);
}

export async function paymentOfOrderByProviderId(db: Db, orderId: number, providerPaymentId: string): Promise<PaymentRow | null> {
  return (await db('membership.payments').where({ orderId, providerPaymentId }).first(COLUMNS)) ?? null;
}

/**
 * Records that a provider's event was handled. False when it already was: PRIMARY KEY
 * (provider, event_id) with ON CONFLICT DO NOTHING, so two deliveries racing each other insert once.
 */
export async function recordPaymentEvent(db: Db, provider: string, eventId: string, providerPaymentId: string): Promise<boolean> {
  const rows = await db('membership.paymentEvents')
    .insert({ provider, eventId, providerPaymentId })
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning('eventId');
  return rows.length === 1;
}
