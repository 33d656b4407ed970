import type Stripe from 'stripe';
import type {
  CreatedPayment,
  CreatedRefund,
  CreatePaymentRequest,
  ParsedWebhook,
  PaymentProvider,
  ProviderPaymentState,
  ProviderPaymentStatus,
  RefundRequest,
  WebhookRequest,
} from './provider';
import { withQuery } from './urls';

export const STRIPE_PROVIDER = 'stripe';
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Stripe's own default tolerance for the signature's timestamp (replay protection). */
export const STRIPE_DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * The events the webhook endpoint is subscribed to (docs/payments.md). Each names a Checkout
 * Session; the session's state is then read with a status call, never from the event.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/** Stripe's template that it replaces with the session id in success and cancel URLs. */
const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

export interface StripeProviderOptions {
  /** The official client (`new Stripe(key, …)`), injected: this adapter holds no transport code. */
  client: Stripe;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  webhookToleranceSeconds?: number;
  /** How long a checkout stays payable; Stripe accepts 30 minutes to 24 hours. */
  checkoutExpiresAfterSeconds?: number;
  now?: () => Date;
}

type SessionFacts = Pick<Stripe.Checkout.Session, 'id' | 'status' | 'payment_status' | 'amount_total' | 'currency'>;
type IntentFacts = Pick<Stripe.PaymentIntent, 'status' | 'amount_received' | 'currency'> & { last_payment_error?: unknown };

/**
 * Our states from a Checkout Session and its PaymentIntent:
 * - paid (or its PaymentIntent succeeded) -> succeeded;
 * - expired, or the PaymentIntent cancelled -> cancelled (the payer left; Stripe expires the session);
 * - completed but its delayed payment failed (the PaymentIntent asks for a new payment method) -> failed;
 * - anything else (open, or completed with a delayed payment still processing) -> pending.
 */
export function stripePaymentStatus(
  session: Pick<SessionFacts, 'status' | 'payment_status'>,
  intent: IntentFacts | null,
): ProviderPaymentStatus {
  if (session.payment_status === 'paid' || intent?.status === 'succeeded') return 'succeeded';
  if (session.status === 'expired' || intent?.status === 'canceled') return 'cancelled';
  if (session.status === 'complete' && intent?.status === 'requires_payment_method') return 'failed';
  return 'pending';
}

/** The session as a provider state; the amount is what Stripe actually received, 0 until then. */
export function stripePaymentState(session: SessionFacts, intent: IntentFacts | null): ProviderPaymentState {
  const status = stripePaymentStatus(session, intent);
  const received = intent ? intent.amount_received : status === 'succeeded' ? (session.amount_total ?? 0) : 0;
  return {
    providerPaymentId: session.id,
    status,
    amountMinor: status === 'succeeded' ? received : 0,
    currency: (intent?.currency ?? session.currency ?? '').toUpperCase(),
  };
}

/**
 * Stripe behind our PaymentProvider: a hosted Checkout Session per attempt (our order reference as
 * `client_reference_id` and in the metadata), the session's state by a status call, Stripe's
 * signed webhooks (`Stripe-Signature`, verified by the client over the raw bytes with the
 * timestamp tolerance), and refunds through the session's PaymentIntent.
 *
 * Stripe cannot say "failed" or "cancelled" in its return URLs: the success URL carries
 * `status=success` and the cancel URL `status=cancelled`, both with the session id as
 * `transactionId`; the return page trusts neither and asks for the session's state.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = STRIPE_PROVIDER;

  constructor(private readonly options: StripeProviderOptions) {}

  private get client(): Stripe {
    return this.options.client;
  }

  async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
    if (!/^https?:\/\//i.test(request.returnUrl)) {
      throw new Error('Stripe needs an absolute return URL: set PORTAL_PUBLIC_URL');
    }
    const now = (this.options.now ?? (() => new Date()))();
    const metadata = { order_reference: request.orderReference };
    const session = await this.client.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: request.orderReference,
      metadata,
      payment_intent_data: { metadata, description: request.description },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amountMinor,
            product_data: { name: request.description },
          },
        },
      ],
      success_url: returnUrlWith(request.returnUrl, 'success'),
      cancel_url: returnUrlWith(request.returnUrl, 'cancelled'),
      expires_at: Math.floor(now.getTime() / 1000) + (this.options.checkoutExpiresAfterSeconds ?? 3600),
    });
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return { providerPaymentId: session.id, checkoutUrl: session.url };
  }

  async fetchStatus(providerPaymentId: string): Promise<ProviderPaymentState | null> {
    if (!isSessionId(providerPaymentId)) return null;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.client.checkout.sessions.retrieve(providerPaymentId, { expand: ['payment_intent'] });
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return stripePaymentState(session, await this.intentOf(session));
  }

  parseWebhook(request: WebhookRequest): ParsedWebhook {
    const header = request.header(STRIPE_SIGNATURE_HEADER);
    let event: Stripe.Event;
    try {
      if (!header) throw new Error('no Stripe-Signature header');
      event = this.client.webhooks.constructEvent(
        request.rawBody,
        header,
        this.options.webhookSecret,
        this.options.webhookToleranceSeconds ?? STRIPE_DEFAULT_TOLERANCE_SECONDS,
      );
    } catch (err) {
      // constructEvent throws a signature error for a wrong, missing or stale signature. Only
      // then is the body parsed, so a signed body that is not JSON is a malformed event.
      if (err instanceof SyntaxError) return { ok: false, code: 'MALFORMED_EVENT', message: 'The webhook body is not JSON.' };
      return { ok: false, code: 'INVALID_SIGNATURE', message: 'The webhook signature is not valid.' };
    }
    if (!(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type)) {
      return { ok: false, code: 'MALFORMED_EVENT', message: `Event type ${event.type} is not one this endpoint handles.` };
    }
    const session = (event.data as { object?: { id?: unknown } }).object;
    if (typeof event.id !== 'string' || !event.id || typeof session?.id !== 'string' || !isSessionId(session.id)) {
      return { ok: false, code: 'MALFORMED_EVENT', message: 'The event needs an id and a checkout session.' };
    }
    return { ok: true, eventId: event.id, providerPaymentId: session.id };
  }

  async refundPayment(request: RefundRequest): Promise<CreatedRefund> {
    const session = await this.client.checkout.sessions.retrieve(request.providerPaymentId);
    const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intentId) throw new Error(`checkout session ${request.providerPaymentId} has no payment to refund`);
    const refund = await this.client.refunds.create(
      {
        payment_intent: intentId,
        amount: request.amountMinor,
        reason: 'duplicate',
        metadata: { order_reference: request.orderReference },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { providerRefundId: refund.id, status: refundStatus(refund.status) };
  }

  private async intentOf(session: Stripe.Checkout.Session): Promise<Stripe.PaymentIntent | null> {
    const intent = session.payment_intent;
    if (!intent) return null;
    if (typeof intent !== 'string') return intent;
    return this.client.paymentIntents.retrieve(intent);
  }
}

/** `returnUrl` plus the contract's `status`, and `transactionId` as Stripe's literal session-id template. */
export function returnUrlWith(returnUrl: string, status: 'success' | 'cancelled'): string {
  return `${withQuery(returnUrl, { status })}&transactionId=${SESSION_ID_TEMPLATE}`;
}

function refundStatus(status: string | null): CreatedRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function isSessionId(value: string): boolean {
  return /^cs_[A-Za-z0-9_]{1,200}$/.test(value);
}

function isMissing(err: unknown): boolean {
  const e = err as { statusCode?: number; code?: string } | null;
  return e?.statusCode === 404 || e?.code === 'resource_missing';
}
