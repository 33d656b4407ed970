import type { Knex } from '@ems/db';
import type { Logger } from '@ems/service-runtime';
import { BuiltinPaymentProvider, type WebhookDelivery } from './builtinProvider';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider, type StripeProviderOptions } from './stripeProvider';

/** Values of PAYMENT_PROVIDER. A real provider's adapter is added here (docs/payments.md). */
export const PAYMENT_PROVIDER_NAMES = ['builtin', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

export interface PaymentProviders {
  /** New attempts go to this one. */
  active: PaymentProvider;
  /** Any configured adapter by its name (attempts are confirmed with the provider that made them). */
  named(name: string): PaymentProvider | null;
  /** The built-in provider when it is configured: only then are its checkout pages served. */
  builtin: BuiltinPaymentProvider | null;
  /**
   * The providers' background work, once the service listens: the built-in provider delivers the
   * webhooks of decisions not acknowledged before (also while another provider takes new attempts).
   */
  start(): Promise<void>;
  /** Ends that work (retries waiting are dropped; what is undelivered stays stored for the next start). */
  stop(): Promise<void>;
}

export interface PaymentProviderConfig {
  active: PaymentProviderName;
  db: Knex;
  webhookSecret: string;
  deliverWebhook: WebhookDelivery;
  logger: Pick<Logger, 'warn'>;
  /** Stripe's client and webhook settings, when configured (also to confirm earlier Stripe attempts). */
  stripe?: StripeProviderOptions | null;
}

export function createPaymentProviders(config: PaymentProviderConfig): PaymentProviders {
  const builtin = new BuiltinPaymentProvider({
    db: config.db,
    webhookSecret: config.webhookSecret,
    deliverWebhook: config.deliverWebhook,
    logger: config.logger,
  });
  const all = new Map<string, PaymentProvider>([[builtin.name, builtin]]);
  if (config.stripe) {
    const stripe = new StripePaymentProvider(config.stripe);
    all.set(stripe.name, stripe);
  }
  const active = all.get(config.active);
  if (!active) throw new Error(`payment provider ${config.active} is not configured`);
  // The built-in checkout pages are served only while it takes new attempts.
  return {
    active,
    named: (name) => all.get(name) ?? null,
    builtin: active === builtin ? builtin : null,
    start: async () => void (await builtin.redeliverUnacknowledged()),
    stop: () => builtin.stop(),
  };
}
