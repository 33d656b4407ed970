import type { Knex } from '@ems/db';
import { lockOrder, orderByReference, replaceOrderLines, updateOrderPrice, type OrderRow } from '../../data/orders';
import { attachProviderPayment, insertPayment, setPaymentStatus } from '../../data/payments';
import { periodById } from '../../data/periods';
import { isOrderPaymentToken, quoteLines } from '../orders/order';
import { repriceIfWindowClosed, type Quote } from '../pricing';
import { pricingRulesOf } from '../registration/period';
import type { PaymentProvider } from './provider';
import { paymentReturnUrl } from './urls';

export type StartPaymentErrorCode = 'ORDER_NOT_FOUND' | 'ORDER_PAID' | 'ORDER_CANCELLED' | 'REGISTRATION_CLOSED' | 'PROVIDER_UNAVAILABLE';

/** What the pay page may show: the reference and the amount, nothing about the persons. */
export interface PayableOrder {
  reference: string;
  amountMinor: number;
  currency: string;
}

export type StartPaymentResult =
  | { ok: true; checkoutUrl: string; order: PayableOrder; repriced: boolean }
  | { ok: false; code: StartPaymentErrorCode; order: PayableOrder | null; cause?: unknown };

export interface StartPaymentOptions {
  today: string;
  /** The portal's public origin; without it the payer is sent back to a path on the same origin. */
  portalUrl: string | null;
}

/** What the pay link carries: the order's reference and its capability (`?token=`). */
export interface PayLink {
  reference: string;
  token: string | null;
}

/**
 * `GET /payments/orders/:reference/pay?token=`: starts a new payment attempt for an unpaid order.
 *
 * Capability: the reference is sequential and public (the bank-transfer reference), so only the
 * order's `paymentToken` opens the link. A wrong or missing token is answered exactly like an
 * unknown reference (ORDER_NOT_FOUND, no order): a stranger walking references learns nothing,
 * not even that the order exists, and cannot start (or then cancel) an attempt.
 *
 * Repricing rule (docs/payments.md): an unpaid order keeps its price while the timing window it
 * was priced in is open; after that it is priced again on today's date before the payer is sent
 * on, and the lines are replaced. An order that has received money keeps its price. When no
 * window is open any more the order cannot be paid online (REGISTRATION_CLOSED; a manual payment
 * still can be recorded).
 *
 * The order is locked while the attempt is recorded; the provider is called after commit.
 */
export async function startOrderPayment(
  db: Knex,
  provider: PaymentProvider,
  link: PayLink,
  options: StartPaymentOptions,
): Promise<StartPaymentResult> {
  const prepared = await db.transaction(async (trx) => {
    const found = await orderByReference(trx, link.reference);
    const order = found && isOrderPaymentToken(found, link.token) ? await lockOrder(trx, found.id) : null;
    if (!order) return { ok: false, code: 'ORDER_NOT_FOUND', order: null } as const;
    if (order.status === 'paid') return { ok: false, code: 'ORDER_PAID', order: payable(order) } as const;
    if (order.status === 'cancelled') return { ok: false, code: 'ORDER_CANCELLED', order: payable(order) } as const;

    let current = order;
    let repriced = false;
    if (order.paidMinor === 0) {
      const period = await periodById(trx, order.periodId);
      if (!period) throw new Error(`period ${order.periodId} of order ${order.reference} does not exist`);
      const result = repriceIfWindowClosed(order.quote as Quote, pricingRulesOf(period), options.today);
      if (!result.ok) return { ok: false, code: 'REGISTRATION_CLOSED', order: payable(order) } as const;
      if (result.changed) {
        const quote = result.quote;
        await replaceOrderLines(trx, order.id, quoteLines(quote));
        await updateOrderPrice(trx, order.id, {
          totalMinor: quote.totalMinor,
          pricedOn: quote.pricedOn,
          pricedWindow: quote.window,
          quote,
        });
        current = { ...order, totalMinor: quote.totalMinor, pricedOn: quote.pricedOn, pricedWindow: quote.window, quote };
        repriced = true;
      }
    }
    const due = payable(current);
    const payment = await insertPayment(trx, {
      orderId: order.id,
      provider: provider.name,
      status: 'created',
      amountMinor: due.amountMinor,
      currency: due.currency,
    });
    return { ok: true, paymentId: payment.id, order: due, repriced } as const;
  });
  if (!prepared.ok) return prepared;

  try {
    const created = await provider.createPayment({
      orderReference: prepared.order.reference,
      amountMinor: prepared.order.amountMinor,
      currency: prepared.order.currency,
      description: `Order ${prepared.order.reference}`,
      returnUrl: paymentReturnUrl(options.portalUrl, prepared.order.reference),
    });
    await attachProviderPayment(db, prepared.paymentId, created.providerPaymentId);
    return { ok: true, checkoutUrl: created.checkoutUrl, order: prepared.order, repriced: prepared.repriced };
  } catch (err) {
    // The attempt never reached the payer: it is closed as failed and the link can be used again.
    await setPaymentStatus(db, prepared.paymentId, 'failed');
    return { ok: false, code: 'PROVIDER_UNAVAILABLE', order: prepared.order, cause: err };
  }
}

function payable(order: Pick<OrderRow, 'reference' | 'totalMinor' | 'paidMinor' | 'currency'>): PayableOrder {
  return { reference: order.reference, amountMinor: Math.max(order.totalMinor - order.paidMinor, 0), currency: order.currency };
}
