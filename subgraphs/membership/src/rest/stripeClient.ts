import Stripe from 'stripe';
import type { MembershipEnv } from '../env';
import type { StripeProviderOptions } from '../domain/payments/stripeProvider';

/**
 * Stripe's official client for the adapter, from membership's settings; null when Stripe is not
 * configured. STRIPE_API_BASE moves its API calls elsewhere (protocol, host, port), e.g. to the
 * local stand-in in tests (`src/testing/stripeStandIn.ts`).
 */
export function stripeSettings(
  env: Pick<MembershipEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'STRIPE_WEBHOOK_TOLERANCE_SECONDS'>,
): StripeProviderOptions | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'event-membership-service' },
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
  return { client, webhookSecret: env.STRIPE_WEBHOOK_SECRET, webhookToleranceSeconds: env.STRIPE_WEBHOOK_TOLERANCE_SECONDS };
}
