import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { parse } from 'graphql';
import type { Knex } from '@ems/db';
import { forwardedClientAddress, RateLimit, startSubgraphService, type RunningService, type ServiceDeps } from '@ems/service-runtime';
import { memberLinksUrl, type MembershipEnv } from './env';
import { createContextFactory } from './context';
import { resolvers } from './resolvers';
import { authRoutes } from './rest/auth';
import { cardRoutes } from './rest/cards';
import { clubIdentityRoutes } from './rest/clubIdentity';
import { ownPersonRoutes } from './rest/ownPerson';
import { paymentRoutes } from './rest/payments';
import { builtinWebhookDelivery } from './rest/webhookClient';
import { stripeSettings } from './rest/stripeClient';
import { createPaymentProviders } from './domain/payments/registry';
import { PaymentService } from './domain/payments/service';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

/** The pay link's limit per client address, in the shared database (every instance counts together). */
function payLinkLimit(db: Knex, env: MembershipEnv) {
  return new RateLimit(db, {
    schema: 'membership',
    name: 'pay-link:address',
    points: env.PAY_LINK_LIMIT_PER_ADDRESS,
    windowSeconds: env.PAY_LINK_LIMIT_WINDOW_SECONDS,
    message: 'Too many payment requests. Please try again later.',
  }).middleware(forwardedClientAddress);
}

/** The payment use cases, built once from the shared service dependencies. */
function paymentService(env: MembershipEnv, deps: ServiceDeps, selfUrl: () => string): PaymentService {
  const providers = createPaymentProviders({
    active: env.PAYMENT_PROVIDER,
    db: deps.db,
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    deliverWebhook: builtinWebhookDelivery(selfUrl),
    logger: deps.logger,
    stripe: stripeSettings(env),
  });
  return new PaymentService({ db: deps.db, providers, portalUrl: env.PORTAL_PUBLIC_URL ?? null });
}

/**
 * The membership subgraph, the admin service's authentication endpoints and payments. It queues
 * e-mail and sends none: the membership worker does (rendering a card would hold up every request).
 */
export async function startMembershipService(env: MembershipEnv): Promise<RunningService> {
  // Where the built-in provider posts its webhooks: this very process, unless told otherwise.
  // Known only after listening when the port is 0, hence a function.
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  let selfUrl = env.PUBLIC_BASE_URL ?? `http://${host}:${env.MEMBERSHIP_PORT}`;
  let payments: PaymentService | null = null;
  const paymentsOf = (deps: ServiceDeps) => (payments ??= paymentService(env, deps, () => selfUrl));

  const running = await startSubgraphService({
    name: 'membership',
    host: env.HOST,
    port: env.MEMBERSHIP_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    readStatementTimeoutSeconds: env.READ_STATEMENT_TIMEOUT_SECONDS,
    typeDefs,
    resolvers,
    context: (deps) => createContextFactory(deps.db, { payments: paymentsOf(deps), localOutbox: !env.SMTP_URL }),
    routes: (deps) =>
      Router()
        .use(
          authRoutes({
            db: deps.db,
            keys: deps.keys,
            settings: {
              jwtSecret: env.JWT_SECRET,
              validitySeconds: env.TOKEN_VALIDITY_SECONDS,
              clockSkewSeconds: env.HMAC_CLOCK_SKEW_SECONDS,
            },
            defaultTenant: env.DEFAULT_REGISTRATION_SYSTEM_ID,
            partnerTokenSeconds: env.PARTNER_TOKEN_VALIDITY_SECONDS,
          }),
        )
        .use(paymentRoutes({ payments: paymentsOf(deps), logger: deps.logger, payLinkLimit: payLinkLimit(deps.db, env) }))
        .use(cardRoutes({ db: deps.db, keys: deps.keys, jwtSecret: env.JWT_SECRET, linksBase: memberLinksUrl(env) }))
        .use(clubIdentityRoutes({ db: deps.db, keys: deps.keys }))
        .use(ownPersonRoutes({ db: deps.db, keys: deps.keys, jwtSecret: env.JWT_SECRET })),
  });
  if (!env.PUBLIC_BASE_URL && env.MEMBERSHIP_PORT === 0) selfUrl = running.url;
  // Webhooks a previous run left unacknowledged go out now that this process can receive them.
  const background = paymentsOf(running);
  await background.start();
  return {
    ...running,
    stop: async () => {
      // First: a delivery under way still reaches this server and settles before the database closes.
      await background.stop();
      await running.stop();
    },
  };
}
