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
}

const COLUMNS = ['id', 'orderReference', 'amountMinor', 'currency', 'status', 'returnUrl', 'eventId', 'decidedAt'] as const;

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
