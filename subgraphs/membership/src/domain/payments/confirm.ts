import { retryRolledBack, type Knex } from '@ems/db';
import { lockOrder, type OrderRow, type OrderStatus } from '../../data/orders';
import { lockPayment, paymentByProviderId, recordPaymentEvent, setPaymentStatus, type PaymentStatus } from '../../data/payments';
import type { PaymentProvider } from './provider';
import { requestOverpaymentRefund, sendRequestedRefunds } from './refunds';
import { settleOrderPayment, type SettlementSettings } from './settlement';

export type ConfirmPaymentResult =
  | {
      ok: true;
      paymentStatus: PaymentStatus;
      orderStatus: OrderStatus;
      /** This call changed the payment (false: nothing new, e.g. a second confirmation). */
      changed: boolean;
      /** This call activated the order's memberships. */
      activated: boolean;
      /** The webhook event had been processed before; nothing was done. */
      duplicateEvent: boolean;
      /** The payment brought more than the order needed, and that part is to be refunded (docs/payments.md, "Refunds"). */
      refundRequested?: boolean;
      /** The order as this call leaves it (read under its lock): the return page shows it without reading again. */
      order: OrderRow;
    }
  | { ok: false; code: 'PAYMENT_NOT_FOUND' };

export interface ConfirmPaymentOptions extends Partial<SettlementSettings> {
  /** The provider's event id when confirming for a webhook: recorded in the same transaction, processed once. */
  eventId?: string;
}

const TERMINAL: ReadonlySet<PaymentStatus> = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Brings one payment attempt up to date with what the provider says (docs/payments.md). The
 * status comes from `provider.fetchStatus`, never from a query string or a webhook body. Then, in
 * one transaction with the order and the payment locked (`FOR UPDATE`, order first everywhere):
 * an attempt already decided stays as it is (so a second call, a webhook racing the return page,
 * changes nothing); succeeded -> the amount is credited and the order settled; failed or cancelled
 * -> only the attempt changes, and a new attempt can be started.
 */
export async function confirmPayment(
  db: Knex,
  provider: PaymentProvider,
  providerPaymentId: string,
  options: ConfirmPaymentOptions = {},
): Promise<ConfirmPaymentResult> {
  // Outside the transaction: a provider call can be slow, and locks should not wait on it.
  const state = await provider.fetchStatus(providerPaymentId);
  // A settlement PostgreSQL picked to break a deadlock changed nothing and runs again.
  const confirmed = await retryRolledBack(() =>
    db.transaction(async (trx): Promise<ConfirmPaymentResult> => {
      const known = await paymentByProviderId(trx, provider.name, providerPaymentId);
      if (!known) return { ok: false, code: 'PAYMENT_NOT_FOUND' } as const;
      const duplicateEvent =
        options.eventId !== undefined && !(await recordPaymentEvent(trx, provider.name, options.eventId, providerPaymentId));
      const order = await lockOrder(trx, known.orderId);
      const payment = await lockPayment(trx, known.id);
      if (!order || !payment) throw new Error(`payment ${known.id} lost its rows`);
      const unchanged = {
        ok: true,
        paymentStatus: payment.status,
        orderStatus: order.status,
        changed: false,
        activated: false,
        duplicateEvent,
        order,
      } as const;
      if (duplicateEvent || TERMINAL.has(payment.status) || !state) return unchanged;

      switch (state.status) {
        case 'pending':
          if (payment.status === 'created') await setPaymentStatus(trx, payment.id, 'pending');
          return { ...unchanged, paymentStatus: 'pending', changed: payment.status === 'created' };
        case 'failed':
        case 'cancelled':
          await setPaymentStatus(trx, payment.id, state.status);
          return { ...unchanged, paymentStatus: state.status, changed: true };
        case 'succeeded': {
          if (state.currency !== payment.currency) {
            throw new Error(`provider ${provider.name} took ${state.currency} for payment ${payment.id} in ${payment.currency}`);
          }
          await setPaymentStatus(trx, payment.id, 'succeeded', state.amountMinor);
          // What goes back is not credited: the order keeps what it needed (docs/payments.md, "Refunds").
          const refunded = await requestOverpaymentRefund(trx, provider, order, payment, state.amountMinor);
          const settlement = await settleOrderPayment(trx, order, state.amountMinor - refunded, { portalUrl: options.portalUrl ?? null });
          const refundRequested = refunded > 0;
          return {
            ...unchanged,
            paymentStatus: 'succeeded',
            orderStatus: settlement.order.status,
            changed: true,
            activated: settlement.activated,
            refundRequested,
            order: settlement.order,
          };
        }
      }
    }),
  );
  // After commit: the provider is called outside the transaction; a failure leaves it requested.
  if (confirmed.ok && confirmed.refundRequested) await sendRequestedRefunds(db, (name) => (name === provider.name ? provider : null));
  return confirmed;
}
