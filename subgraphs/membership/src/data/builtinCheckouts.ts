import type { Db } from './db';

export type BuiltinCheckoutStatus = 'open' | 'paid' | 'failed' | 'cancelled';

export interface BuiltinCheckoutRow {
  id: string;
  orderReference: string;
  amountMinor: number;
  currency: string;
  status: BuiltinCheckoutStatus;
  returnUrl: string;
  eventId: string | null;
  decidedAt: Date | null;
  /** When our webhook endpoint acknowledged the decision's webhook (2xx); null: to be delivered. */
  webhookDeliveredAt: Date | null;
}

const COLUMNS = [
  'id',
  'orderReference',
  'amountMinor',
  'currency',
  'status',
  'returnUrl',
  'eventId',
  'decidedAt',
  'webhookDeliveredAt',
] as const;

export async function insertBuiltinCheckout(
  db: Db,
  checkout: { id: string; orderReference: string; amountMinor: number; currency: string; returnUrl: string },
): Promise<void> {
  await db('membership.builtinCheckouts').insert({ ...checkout, status: 'open' });
}

export async function builtinCheckoutById(db: Db, id: string): Promise<BuiltinCheckoutRow | null> {
  return (await db('membership.builtinCheckouts').where({ id }).first(COLUMNS)) ?? null;
}

/** Records the payer's decision once: only an open checkout changes; null when it was not open. */
export async function decideBuiltinCheckout(
  db: Db,
  id: string,
  status: Exclude<BuiltinCheckoutStatus, 'open'>,
  eventId: string,
): Promise<BuiltinCheckoutRow | null> {
  const [row] = await db('membership.builtinCheckouts')
    .where({ id, status: 'open' })
    .update({ status, eventId, decidedAt: db.fn.now() })
    .returning(COLUMNS);
  return (row as BuiltinCheckoutRow | undefined) ?? null;
}

/** Records that the webhook of this decision was acknowledged; later redeliveries skip it. */
export async function markBuiltinWebhookDelivered(db: Db, id: string, eventId: string): Promise<void> {
  await db('membership.builtinCheckouts')
    .where({ id, eventId })
    .whereNull('webhookDeliveredAt')
    .update({ webhookDeliveredAt: db.fn.now() });
}

/** Decided checkouts whose webhook was not acknowledged yet, oldest decision first. */
export async function undeliveredBuiltinCheckouts(db: Db, limit: number): Promise<BuiltinCheckoutRow[]> {
  return db('membership.builtinCheckouts')
    .whereNot({ status: 'open' })
    .whereNull('webhookDeliveredAt')
    .orderBy('decidedAt')
    .limit(limit)
    .select(COLUMNS);
}
