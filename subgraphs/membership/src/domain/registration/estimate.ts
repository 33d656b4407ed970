import type { Knex } from '@ems/db';
import { priceRegistration, type RegistrationOrderInput } from './createOrder';
import { registrationReads, type RegistrationReads } from './reads';

/** What the registration would cost as answered so far (issue 23, problem 5: the running total). */
export interface RegistrationEstimate {
  currency: string;
  totalMinor: number;
  lines: Array<{ personId: number | null; kind: string; description: string; amountMinor: number; step?: number | null }>;
}

/**
 * The order's price for the answers so far, from the same checks and engine as the order itself,
 * nothing written and nothing locked; null when it cannot be priced yet (or would be refused: the
 * refusal itself comes from the question or the completion, with its reason). `reads`: the
 * request's reads on `db` (the form step has read the period and persons already).
 */
export async function estimateRegistration(
  db: Knex | Knex.Transaction,
  input: RegistrationOrderInput,
  /** The process's own unpaid order, which completing again would replace: its persons are not "pending" here. */
  replacingOrderId?: number | null,
  reads: RegistrationReads = registrationReads(db),
): Promise<RegistrationEstimate | null> {
  const priced = await priceRegistration(db, input, { lock: false, ...(replacingOrderId ? { replacingOrderId } : {}) }, reads);
  if (!priced.ok) return null;
  const { quote } = priced;
  return {
    currency: quote.currency,
    totalMinor: quote.totalMinor,
    lines: quote.lines.map((l) => ({ personId: l.personId, kind: l.kind, description: l.description, amountMinor: l.amountMinor })),
  };
}
