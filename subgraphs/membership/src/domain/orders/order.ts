import type { NewOrderLine } from '../../data/orders';
import type { Quote } from '../pricing';

/**
 * The order's own payment link, relative to the portal origin: the router forwards
 * `/services/admin-service/**` to this service. Visiting it starts a new attempt with the
 * configured provider, so the same link serves the first try and every retry.
 */
export function paymentUrlOf(reference: string): string {
  return `/services/admin-service/payments/orders/${encodeURIComponent(reference)}/pay`;
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
