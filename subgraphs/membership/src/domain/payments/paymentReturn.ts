import type { Knex } from '@ems/db';
import { orderById, orderByReference, type OrderRow } from '../../data/orders';
import { lastPaymentsOfOrders, paymentOfOrderByProviderId, type PaymentStatus } from '../../data/payments';
import { canSeeOrder, type DataScope } from '../scope';
import { confirmPayment } from './confirm';
import type { PaymentProvider } from './provider';
import type { SettlementSettings } from './settlement';

export type ReturnedPaymentStatus = 'NONE' | 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export interface PaymentReturnView {
  order: OrderRow;
  paymentStatus: ReturnedPaymentStatus;
  periodId: number;
}

const RETURNED: Record<PaymentStatus, ReturnedPaymentStatus> = {
  created: 'PENDING',
  pending: 'PENDING',
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/**
 * The payment-return page's data (contract route `/membership/payment-return`). The query's
 * `status` is never read: when the attempt the payer comes back from is still open, the provider
 * is asked (`confirmPayment`), and the answer is the state as it is then. `transactionId` only
 * picks which of the order's attempts to look at; an id that is not one of them is ignored and
 * the latest attempt is used. An order the caller may not see is null.
 */
export async function paymentReturn(
  db: Knex,
  providerNamed: (name: string) => PaymentProvider | null,
  scope: DataScope,
  input: { reference: string; transactionId?: string | null },
  settings: SettlementSettings,
): Promise<PaymentReturnView | null> {
  const order = await orderByReference(db, input.reference);
  if (!order || !canSeeOrder(scope, order)) return null;
  const attemptOf = async () =>
    (input.transactionId ? await paymentOfOrderByProviderId(db, order.id, input.transactionId) : null) ??
    (await lastPaymentsOfOrders(db, [order.id]))[0] ??
    null;

  const attempt = await attemptOf();
  const provider = attempt ? providerNamed(attempt.provider) : null;
  if (attempt?.providerPaymentId && provider && (attempt.status === 'created' || attempt.status === 'pending')) {
    // The attempt and its order as the confirmation leaves them, read under their locks: under
    // load every further read is another wait for the payer.
    const confirmed = await confirmPayment(db, provider, attempt.providerPaymentId, settings);
    if (confirmed.ok) {
      return { order: confirmed.order, paymentStatus: RETURNED[confirmed.paymentStatus], periodId: confirmed.order.periodId };
    }
  }
  const current = (await orderById(db, order.id)) ?? order;
  return { order: current, paymentStatus: attempt ? RETURNED[attempt.status] : 'NONE', periodId: current.periodId };
}
