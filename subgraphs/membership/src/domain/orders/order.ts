import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NewOrderLine } from '../../data/orders';
import type { Quote } from '../pricing';

/**
 * The order's own payment link, relative to the portal origin: the router forwards
 * `/services/admin-service/**` to this service. Visiting it starts a new attempt with the
 * configured provider, so the same link serves the first try and every retry. The reference is
 * sequential and public (the bank-transfer reference); the `token` is the capability that makes
 * the link work (`newPaymentToken`, checked by `startOrderPayment`).
 */
export function paymentUrlOf(reference: string, paymentToken: string): string {
  return `/services/admin-service/payments/orders/${encodeURIComponent(reference)}/pay?token=${encodeURIComponent(paymentToken)}`;
}

/** 256 random bits, URL-safe: an order's pay-link capability. */
export function newPaymentToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a presented token is the order's, in constant time (no length or prefix oracle). */
export function isOrderPaymentToken(order: { paymentToken: string }, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(order.paymentToken), digest(presented));
}

/** The quote's lines as stored, numbered in the engine's order. */
export function quoteLines(quote: Quote): NewOrderLine[] {
  return quote.lines.map((line, index) => ({
    personId: line.personId,
    kind: line.kind,
    description: line.description,
    amountMinor: line.amountMinor,
    rule: line.rule,
    position: index + 1,
  }));
}
