import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { DEFAULT_TOKEN_VALIDITY_SECONDS } from '@ems/schema';
import { booleanFlag, parseEnv, port, refuseDevelopmentDefaults, seconds, serviceEnvShape } from '@ems/service-runtime';
import { PAYMENT_PROVIDER_NAMES } from './domain/payments/registry';

/** An origin without a trailing slash, so that paths can be appended. */
const baseUrl = z
  .string()
  .url()
  .transform((v) => v.replace(/\/+$/, ''));

const fields = z.object({
  ...serviceEnvShape,
  MEMBERSHIP_PORT: port(4001),
  TOKEN_VALIDITY_SECONDS: seconds(DEFAULT_TOKEN_VALIDITY_SECONDS),
  /** Validity of a partner token (POST /auth/partner-token); short: a revoked key's token is valid at the subgraphs until then. */
  PARTNER_TOKEN_VALIDITY_SECONDS: seconds(300),
  /** Tenant for `/api/auth/exchange` when neither the key nor the body names one. */
  DEFAULT_REGISTRATION_SYSTEM_ID: z.coerce.number().int().positive().optional(),
  /** Tolerated clock difference for timestamped (hmac-sha256) links. */
  HMAC_CLOCK_SKEW_SECONDS: seconds(30),
  /** Which provider new payment attempts use (docs/payments.md). */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDER_NAMES).default('builtin'),
  /** Production mode refuses PAYMENT_PROVIDER=builtin (anyone can press Pay) unless this is set (demonstrations). */
  ALLOW_BUILTIN_PAYMENTS: booleanFlag(false),
  /** Signs and verifies the built-in provider's webhooks (HMAC-SHA256). */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Stripe's secret API key (sk_live_… / sk_test_…); with STRIPE_WEBHOOK_SECRET it enables the Stripe adapter. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret (whsec_…) of the webhook endpoint <PUBLIC_BASE_URL>/payments/webhook/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe client sends its API calls (protocol, host, port), e.g. a local stand-in; default Stripe's. */
  STRIPE_API_BASE: baseUrl.optional(),
  /** Accepted age of a Stripe webhook's signed timestamp (Stripe's default: 300). */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: seconds(300),
  /**
   * The membership worker's mail server (it sends; this service only queues). Unset here too
   * without one: e-mails then stay in the local outbox, which users may read (Query.outbox).
   */
  SMTP_URL: z.string().url().optional(),
  /** How this service is reached by payment providers (webhooks); default http://HOST:PORT. */
  PUBLIC_BASE_URL: baseUrl.optional(),
  /** The portal's public origin, for the payment return redirect and links in e-mails; default: same-origin paths. */
  PORTAL_PUBLIC_URL: baseUrl.optional(),
  /**
   * The portal's public origin as members reach it from an e-mail or a phone: the membership card's
   * QR code, unsubscribe and renewal links (always absolute). Default PORTAL_PUBLIC_URL, else
   * http://localhost:4000 (npm start's router); production refuses neither being set.
   */
  MEMBER_LINKS_URL: baseUrl.optional(),
  /** Pay-link requests allowed per client address in one window (shared by all instances). */
  PAY_LINK_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  PAY_LINK_LIMIT_WINDOW_SECONDS: seconds(900),
});

// Production mode (README, "Production"): development defaults are refused, each by name.
const schema = fields.superRefine(stripeNeedsItsSettings).superRefine(
  refuseDevelopmentDefaults<z.output<typeof fields>>({
    secrets: ['JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET'],
    refuse: (e) => [
      !e.MEMBER_LINKS_URL &&
        !e.PORTAL_PUBLIC_URL && {
          variable: 'MEMBER_LINKS_URL',
          message: 'membership cards and reminders need the public address of the portal: set MEMBER_LINKS_URL or PORTAL_PUBLIC_URL',
        },
      e.PAYMENT_PROVIDER === 'builtin' &&
        !e.ALLOW_BUILTIN_PAYMENTS && {
          variable: 'PAYMENT_PROVIDER',
          message:
            'the built-in payment provider lets anyone press Pay without paying: configure a real provider, or set ALLOW_BUILTIN_PAYMENTS=true for a demonstration',
        },
    ],
  }),
);

/** Stripe needs its keys, and absolute return URLs on the portal. */
function stripeNeedsItsSettings(env: z.output<typeof fields>, ctx: z.RefinementCtx): void {
  if (env.PAYMENT_PROVIDER !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PORTAL_PUBLIC_URL'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
  }
}

export type MembershipEnv = ReturnType<typeof loadEnv>;

/** Where `npm start` serves the portal: the fallback of MEMBER_LINKS_URL outside production. */
const LOCAL_PORTAL_URL = 'http://localhost:4000';

/** The base of links in e-mails and on membership cards (MEMBER_LINKS_URL). */
export function memberLinksUrl(env: { MEMBER_LINKS_URL?: string; PORTAL_PUBLIC_URL?: string }): string {
  return env.MEMBER_LINKS_URL ?? env.PORTAL_PUBLIC_URL ?? LOCAL_PORTAL_URL;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'membership');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
