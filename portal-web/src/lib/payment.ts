import type { OrderStatus, PaymentStatus } from '../graphql/generated/graphql';

/** What the payment-return page shows, from the server's answer only (never the URL's `status`). */
export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'cancelled' | 'unpaid' | 'orderCancelled';

export function paymentOutcome(paymentStatus: PaymentStatus, orderStatus: OrderStatus): PaymentOutcome {
  if (orderStatus === 'PAID' || paymentStatus === 'SUCCEEDED') return 'paid';
  if (orderStatus === 'CANCELLED') return 'orderCancelled';
  switch (paymentStatus) {
    case 'PENDING':
      return 'pending';
    case 'FAILED':
      return 'failed';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'unpaid';
  }
}

/** The waiting state asks the server again this often until the provider has decided. */
export const PAYMENT_POLL_MS = 2000;

export function shouldPoll(outcome: PaymentOutcome): boolean {
  return outcome === 'pending';
}
