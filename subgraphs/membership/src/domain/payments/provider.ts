/**
 * A payment provider as this service uses it (docs/payments.md, "Adding a provider"). The service
 * never trusts what the browser says about a payment: it asks the provider (`fetchStatus`), on a
 * webhook or when the payer returns. Adapters live next to this file; HTTP clients they need are
 * injected, so the domain stays free of transport code.
 */

/** What the provider says about one payment. `pending`: the payer has not decided yet. */
export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface CreatePaymentRequest {
  /** Shown to the payer and used by the provider as its own reference. */
  orderReference: string;
  amountMinor: number;
  currency: string;
  description: string;
  /**
   * Where the payer's browser goes after deciding (absolute, or a path on the portal's origin).
   * The provider appends `status` (success | failed | cancelled) and `transactionId`
   * (its payment id), as the contract's `/membership/payment-return` route expects.
   */
  returnUrl: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment; unique per provider. */
  providerPaymentId: string;
  /**
   * Where to send the payer. Absolute for an outside provider; the built-in one answers a path
   * relative to the pay URL so that it works behind the router's prefix and without it.
   */
  checkoutUrl: string;
}

export interface ProviderPaymentState {
  providerPaymentId: string;
  status: ProviderPaymentStatus;
  /** What the provider actually took (for a succeeded payment): the order is credited with this. */
  amountMinor: number;
  currency: string;
}

export interface WebhookRequest {
  /** The body exactly as received: signatures are computed over these bytes. */
  rawBody: Buffer;
  header(name: string): string | undefined;
}

export type ParsedWebhook =
  { ok: true; eventId: string; providerPaymentId: string } | { ok: false; code: 'INVALID_SIGNATURE' | 'MALFORMED_EVENT'; message: string };

/** Money sent back for a payment the provider took (e.g. a second payment of an order already paid). */
export interface RefundRequest {
  providerPaymentId: string;
  amountMinor: number;
  currency: string;
  orderReference: string;
  /** The same key for every try of one refund, so that a retry never refunds twice. */
  idempotencyKey: string;
}

export interface CreatedRefund {
  providerRefundId: string;
  /** `pending`: accepted, the money is on its way; `failed`: the provider could not refund. */
  status: 'pending' | 'succeeded' | 'failed';
}

export interface PaymentProvider {
  /** Stored in `payments.provider`; also the `:provider` of `POST /payments/webhook/:provider`. */
  readonly name: string;
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** The provider's current word on a payment; null when it does not know the id. */
  fetchStatus(providerPaymentId: string): Promise<ProviderPaymentState | null>;
  /** Verifies the webhook's signature and names the event and payment; the body's status is never used. */
  parseWebhook(request: WebhookRequest): ParsedWebhook;
  /** Refunds (part of) a succeeded payment; providers without refunds leave it out. */
  refundPayment?(request: RefundRequest): Promise<CreatedRefund>;
}
