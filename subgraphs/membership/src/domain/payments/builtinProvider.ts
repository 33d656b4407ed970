import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import type { Logger } from '@ems/service-runtime';
import {
  builtinCheckoutById,
  decideBuiltinCheckout,
  insertBuiltinCheckout,
  markBuiltinWebhookDelivered,
  undeliveredBuiltinCheckouts,
  type BuiltinCheckoutRow,
  type BuiltinCheckoutStatus,
} from '../../data/builtinCheckouts';
import type {
  CreatedPayment,
  CreatePaymentRequest,
  ParsedWebhook,
  PaymentProvider,
  ProviderPaymentState,
  ProviderPaymentStatus,
  WebhookRequest,
} from './provider';
import { DEFAULT_RETRY_DELAYS_MS, RetryingDeliveries } from './retryingDeliveries';
import { signPayload, verifyPayloadSignature } from './signature';
import { withQuery } from './urls';

export const BUILTIN_PROVIDER = 'builtin';
export const BUILTIN_SIGNATURE_HEADER = 'x-builtin-signature';

/** The payer's three choices on the built-in checkout page. */
export const CHECKOUT_DECISIONS = ['pay', 'fail', 'cancel'] as const;
export type CheckoutDecision = (typeof CHECKOUT_DECISIONS)[number];

const DECIDED_STATUS: Record<CheckoutDecision, Exclude<BuiltinCheckoutStatus, 'open'>> = {
  pay: 'paid',
  fail: 'failed',
  cancel: 'cancelled',
};

const PROVIDER_STATUS: Record<BuiltinCheckoutStatus, ProviderPaymentStatus> = {
  open: 'pending',
  paid: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The contract's `status` query parameter of `/membership/payment-return`. */
const RETURN_STATUS: Record<Exclude<BuiltinCheckoutStatus, 'open'>, 'success' | 'failed' | 'cancelled'> = {
  paid: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The webhook body the built-in provider sends (signed over its exact bytes). */
export interface BuiltinWebhookEvent {
  eventId: string;
  type: 'checkout.decided';
  checkoutId: string;
  /** Informational only: the receiver asks `fetchStatus`, never trusts this. */
  status: BuiltinCheckoutStatus;
}

/**
 * Sends a signed webhook body to the service's own webhook endpoint (an HTTP client, injected);
 * resolves when the endpoint acknowledged it (2xx), throws otherwise.
 */
export type WebhookDelivery = (body: string, signature: string) => Promise<void>;

/** How many undelivered decisions the start's pass takes up (usually there are none). */
const REDELIVERY_BATCH = 1000;

export interface BuiltinProviderOptions {
  /** Its own storage (`builtin_checkouts`): it plays an outside service, so it never joins our transactions. */
  db: Knex;
  webhookSecret: string;
  deliverWebhook: WebhookDelivery;
  logger: Pick<Logger, 'warn'>;
  /** Waits between failed deliveries of one webhook (DEFAULT_RETRY_DELAYS_MS; tests shorten them). */
  retryDelaysMs?: readonly number[];
}

export type CheckoutDecisionResult = { ok: true; redirectUrl: string } | { ok: false; code: 'CHECKOUT_NOT_FOUND' };

/**
 * A payment provider that needs no outside service: it keeps its checkouts in `builtin_checkouts`,
 * shows a hosted checkout page with Pay / Fail / Cancel, sends the payer back to the portal at
 * once and announces each decision with a signed webhook over real HTTP in the background,
 * retried until acknowledged. It behaves like a real provider on purpose, so that the rest of the
 * flow is exercised exactly as it would be with one (docs/payments.md, "The built-in provider").
 */
export class BuiltinPaymentProvider implements PaymentProvider {
  readonly name = BUILTIN_PROVIDER;
  private readonly webhooks: RetryingDeliveries;

  constructor(private readonly options: BuiltinProviderOptions) {
    this.webhooks = new RetryingDeliveries(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, (checkoutId, failure) =>
      // The error says what the endpoint answered (or that it was unreachable); never the body or its signature.
      options.logger.warn(
        { err: failure.err, checkoutId, attempt: failure.attempt, willRetry: failure.willRetry },
        'built-in provider: webhook delivery failed',
      ),
    );
  }

  async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
    const id = randomUUID();
    await insertBuiltinCheckout(this.options.db, {
      id,
      orderReference: request.orderReference,
      amountMinor: request.amountMinor,
      currency: request.currency,
      returnUrl: request.returnUrl,
    });
    // Relative to `/…/payments/orders/<reference>/pay`: lands on `/…/payments/builtin/checkout/<id>`
    // directly and through the router's `/services/admin-service` prefix alike.
    return { providerPaymentId: id, checkoutUrl: `../../builtin/checkout/${id}` };
  }

  async fetchStatus(providerPaymentId: string): Promise<ProviderPaymentState | null> {
    if (!isUuid(providerPaymentId)) return null;
    const checkout = await builtinCheckoutById(this.options.db, providerPaymentId);
    if (!checkout) return null;
    return {
      providerPaymentId: checkout.id,
      status: PROVIDER_STATUS[checkout.status],
      amountMinor: checkout.amountMinor,
      currency: checkout.currency,
    };
  }

  parseWebhook(request: WebhookRequest): ParsedWebhook {
    if (!verifyPayloadSignature(this.options.webhookSecret, request.rawBody, request.header(BUILTIN_SIGNATURE_HEADER))) {
      return { ok: false, code: 'INVALID_SIGNATURE', message: 'The webhook signature is not valid.' };
    }
    let event: Partial<BuiltinWebhookEvent>;
    try {
      event = JSON.parse(request.rawBody.toString('utf8')) as Partial<BuiltinWebhookEvent>;
    } catch {
      return { ok: false, code: 'MALFORMED_EVENT', message: 'The webhook body is not JSON.' };
    }
    if (typeof event.eventId !== 'string' || typeof event.checkoutId !== 'string' || !event.eventId || !isUuid(event.checkoutId)) {
      return { ok: false, code: 'MALFORMED_EVENT', message: 'The webhook body needs an eventId and a checkoutId.' };
    }
    return { ok: true, eventId: event.eventId, providerPaymentId: event.checkoutId };
  }

  /** The hosted checkout page's data; null for an unknown id. */
  async checkout(id: string): Promise<BuiltinCheckoutRow | null> {
    if (!isUuid(id)) return null;
    return builtinCheckoutById(this.options.db, id);
  }

  /**
   * Records the payer's decision (the first one counts: a second click or a reload changes
   * nothing) and answers where to send the browser, without waiting for the webhook: it is
   * delivered in the background, as real providers deliver theirs. The return page asks
   * `fetchStatus` itself, so the payer sees the outcome whichever arrives first. A repeated
   * submission before the webhook was acknowledged announces the same event again (same
   * eventId), as a provider that redelivers would; the receiver processes it once.
   */
  async decide(id: string, decision: CheckoutDecision): Promise<CheckoutDecisionResult> {
    if (!isUuid(id)) return { ok: false, code: 'CHECKOUT_NOT_FOUND' };
    const decided =
      (await decideBuiltinCheckout(this.options.db, id, DECIDED_STATUS[decision], randomUUID())) ??
      (await builtinCheckoutById(this.options.db, id));
    if (!decided) return { ok: false, code: 'CHECKOUT_NOT_FOUND' };
    if (decided.status === 'open') throw new Error(`checkout ${id} was not decided`);
    if (!decided.webhookDeliveredAt) this.announce(decided);
    return {
      ok: true,
      redirectUrl: withQuery(decided.returnUrl, { status: RETURN_STATUS[decided.status], transactionId: decided.id }),
    };
  }

  /**
   * Delivers the webhooks of decisions not acknowledged before (the process stopped or gave up
   * retrying); called once the service listens. Answers how many it took up.
   */
  async redeliverUnacknowledged(): Promise<number> {
    const undelivered = await undeliveredBuiltinCheckouts(this.options.db, REDELIVERY_BATCH);
    for (const checkout of undelivered) this.announce(checkout);
    return undelivered.length;
  }

  /** Drops the waiting retries and waits for the deliveries under way; the undelivered stay stored. */
  stop(): Promise<void> {
    return this.webhooks.stop();
  }

  /** Delivers the decision's webhook in the background until acknowledged, then records that. */
  private announce(checkout: BuiltinCheckoutRow): void {
    const { id, eventId, status } = checkout;
    if (status === 'open' || !eventId) throw new Error(`checkout ${id} was not decided`);
    const body = JSON.stringify({ eventId, type: 'checkout.decided', checkoutId: id, status } satisfies BuiltinWebhookEvent);
    this.webhooks.deliver(id, async () => {
      await this.options.deliverWebhook(body, signPayload(this.options.webhookSecret, body));
      await markBuiltinWebhookDelivered(this.options.db, id, eventId);
    });
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
