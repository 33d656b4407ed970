import type { Knex } from '@ems/db';
import type { Logger } from '@ems/service-runtime';
import type { Db } from '../../data/db';
import type { OrderRow } from '../../data/orders';
import type { PaymentRow } from '../../data/payments';
import { claimRequestedRefund, requestRefund, updateRefund } from '../../data/refunds';
import type { PaymentProvider } from './provider';

/** After this many failed tries a refund is left as `failed` (with its last error) for an operator. */
export const MAX_REFUND_ATTEMPTS = 5;

/**
 * What of a received amount the order did not need: all of it for an order already paid (a second
 * attempt that also went through), the part beyond the total for an unpaid one (a bank transfer
 * recorded while the member's checkout, which asked for the whole, was open).
 */
export function overpaidBy(orderBefore: Pick<OrderRow, 'status' | 'paidMinor' | 'totalMinor'>, amountMinor: number): number {
  if (orderBefore.status === 'paid') return amountMinor;
  if (orderBefore.status !== 'unpaid') return 0;
  return Math.max(0, orderBefore.paidMinor + amountMinor - orderBefore.totalMinor);
}

/**
 * In the transaction that credits a succeeded payment, with the order locked as it was before:
 * what the order did not need (overpaidBy) is to go back, when its provider can refund. Answers
 * the amount requested back (0: none), which the order is then not credited with: it stays paid
 * once, for what it keeps. The refund is sent after commit. Money for a cancelled order, or that a
 * provider cannot refund, is an operator's.
 */
export async function requestOverpaymentRefund(
  trx: Db,
  provider: PaymentProvider,
  orderBefore: Pick<OrderRow, 'status' | 'paidMinor' | 'totalMinor'>,
  payment: Pick<PaymentRow, 'id' | 'currency'>,
  amountMinor: number,
): Promise<number> {
  const excess = overpaidBy(orderBefore, amountMinor);
  if (excess <= 0 || !provider.refundPayment) return 0;
  const reason = orderBefore.status === 'paid' ? 'duplicate' : 'overpayment';
  const requested = await requestRefund(trx, { paymentId: payment.id, amountMinor: excess, currency: payment.currency, reason });
  return requested ? excess : 0;
}

export interface RefundRun {
  sent: number;
  failed: number;
}

/**
 * Sends the requested refunds to their providers (docs/payments.md, "Refunds"). Each is claimed
 * with `FOR UPDATE SKIP LOCKED` while its provider is called, with the refund's own id as the
 * idempotency key: two processes never send one refund at once, and a retry after a lost answer is
 * answered by the provider with the refund it already made. A failed call keeps the refund
 * requested (attempts, last error) until MAX_REFUND_ATTEMPTS.
 */
export async function sendRequestedRefunds(
  db: Knex,
  providerNamed: (name: string) => PaymentProvider | null,
  logger?: Pick<Logger, 'warn'>,
  limit = 20,
): Promise<RefundRun> {
  const run: RefundRun = { sent: 0, failed: 0 };
  const skipped = new Set<number>();
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (trx) => {
      const refund = await claimRequestedRefund(trx, [...skipped]);
      if (!refund) return 'none' as const;
      const provider = providerNamed(refund.provider);
      const attempts = refund.attempts + 1;
      try {
        if (!provider?.refundPayment) throw new Error(`provider ${refund.provider} cannot refund`);
        const created = await provider.refundPayment({
          providerPaymentId: refund.providerPaymentId,
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          orderReference: refund.orderReference,
          idempotencyKey: `ems-refund-${refund.id}`,
        });
        await updateRefund(trx, refund.id, {
          status: created.status,
          providerRefundId: created.providerRefundId,
          attempts,
          lastError: null,
        });
        return 'sent' as const;
      } catch (err) {
        const lastError = err instanceof Error ? err.message : String(err);
        logger?.warn({ err, refundId: refund.id }, 'refund could not be sent');
        await updateRefund(trx, refund.id, { status: attempts >= MAX_REFUND_ATTEMPTS ? 'failed' : 'requested', attempts, lastError });
        skipped.add(refund.id);
        return 'failed' as const;
      }
    });
    if (outcome === 'none') break;
    run[outcome] += 1;
  }
  return run;
}
