import type { Knex } from '@ems/db';
import { todayIso } from '../clock';
import type { DataScope } from '../scope';
import { recordManualPayment, type ManualPaymentResult } from './manual';
import { paymentReturn, type PaymentReturnView } from './paymentReturn';
import type { WebhookRequest } from './provider';
import type { PaymentProviders } from './registry';
import { startOrderPayment, type PayLink, type StartPaymentResult } from './startPayment';
import { handlePaymentWebhook, type WebhookResult } from './webhook';

export interface PaymentServiceDeps {
  db: Knex;
  providers: PaymentProviders;
  /** The portal's public origin (return URLs, links in e-mails); null: paths on the caller's origin. */
  portalUrl: string | null;
  today?: () => string;
}

/**
 * The payment use cases with their collaborators wired in: the REST handlers and resolvers call
 * these and nothing else. Each domain function owns its transaction; this layer only picks the
 * provider. E-mail they queue is sent by the membership worker, woken when it commits.
 */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDeps) {}

  private get settings() {
    return { portalUrl: this.deps.portalUrl };
  }

  private today(): string {
    return (this.deps.today ?? todayIso)();
  }

  get builtin() {
    return this.deps.providers.builtin;
  }

  /** Background work once the service listens (the built-in provider's undelivered webhooks). */
  start(): Promise<void> {
    return this.deps.providers.start();
  }

  stop(): Promise<void> {
    return this.deps.providers.stop();
  }

  startPayment(link: PayLink): Promise<StartPaymentResult> {
    return startOrderPayment(this.deps.db, this.deps.providers.active, link, { today: this.today(), portalUrl: this.deps.portalUrl });
  }

  async webhook(
    providerName: string,
    request: WebhookRequest,
  ): Promise<WebhookResult | { ok: false; code: 'UNKNOWN_PROVIDER'; message: string }> {
    const provider = this.deps.providers.named(providerName);
    if (!provider) return { ok: false, code: 'UNKNOWN_PROVIDER', message: `No payment provider ${providerName}.` };
    return handlePaymentWebhook(this.deps.db, provider, request, this.settings);
  }

  paymentReturn(scope: DataScope, input: { reference: string; transactionId?: string | null }): Promise<PaymentReturnView | null> {
    return paymentReturn(this.deps.db, (name) => this.deps.providers.named(name), scope, input, this.settings);
  }

  recordManualPayment(
    scope: DataScope,
    input: { orderReference: string; amountMinor: number; expectedPaidMinor?: number | null },
  ): Promise<ManualPaymentResult> {
    return recordManualPayment(this.deps.db, scope, input, this.settings);
  }
}
