import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import type { Logger } from '@ems/service-runtime';
import {
  builtinCheckoutById,
  decideBuiltinCheckout,
  insertBuiltinCheckout,
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

/** Sends a signed webhook body to the service's own webhook endpoint (an HTTP client, injected). */
export type WebhookDelivery = (body: string, signature: string) => Promise<void>;

export interface BuiltinProviderOptions {
  /** Its own storage (`builtin_checkouts`): it plays an outside service, so it never joins our transactions. */
  db: Knex;
  webhookSecret: string;
  deliverWebhook: WebhookDelivery;
  logger: Pick<Logger, 'warn'>;
}

export type CheckoutDecisionResult = { ok: true; redirectUrl: string } | { ok: false; code: 'CHECKOUT_NOT_FOUND' };

/**
 * A payment provider that needs no outside service: it keeps its checkouts in `builtin_checkouts`,
 * shows a hosted checkout page with Pay / Fail / Cancel, announces each decision with a signed
 * webhook over real HTTP, and sends the payer back to the portal. It behaves like a real provider
 * on purpose, so that the rest of the flow is exercised exactly as it would be with one.
 */
export class BuiltinPaymentProvider implements PaymentProvider {
  readonly name = BUILTIN_PROVIDER;

  constructor(private readonly options: BuiltinProviderOptions) {}

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
   * nothing), announces it with a signed webhook and answers where to send the browser. A
   * repeated submission announces the same event again (same eventId), as a provider that
   * redelivers would; the receiver processes it once.
   */
  async decide(id: string, decision: CheckoutDecision): Promise<CheckoutDecisionResult> {
    if (!isUuid(id)) return { ok: false, code: 'CHECKOUT_NOT_FOUND' };
    const decided =
      (await decideBuiltinCheckout(this.options.db, id, DECIDED_STATUS[decision], randomUUID())) ??
      (await builtinCheckoutById(this.options.db, id));
    if (!decided) return { ok: false, code: 'CHECKOUT_NOT_FOUND' };
    if (decided.status === 'open' || !decided.eventId) throw new Error(`checkout ${id} was not decided`);
    await this.announce({ eventId: decided.eventId, type: 'checkout.decided', checkoutId: decided.id, status: decided.status });
    return {
      ok: true,
      redirectUrl: withQuery(decided.returnUrl, { status: RETURN_STATUS[decided.status], transactionId: decided.id }),
    };
  }

  /**
   * A failed delivery does not stop the payer: the return page asks for the status itself, so
   * the payment is still confirmed (docs/payments.md, "Two ways to confirm").
   */
  private async announce(event: BuiltinWebhookEvent): Promise<void> {
    const body = JSON.stringify(event);
    try {
      await this.options.deliverWebhook(body, signPayload(this.options.webhookSecret, body));
    } catch (err) {
      this.options.logger.warn({ err, eventId: event.eventId }, 'built-in provider: webhook delivery failed');
    }
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
