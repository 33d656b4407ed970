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
import { membershipCardAttachments } from './domain/cards/cardAttachments';
import { Outbox } from './domain/email/outbox';
import { createMailTransport } from './domain/email/transport';
import { createPaymentProviders } from './domain/payments/registry';
import { PaymentService } from './domain/payments/service';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

interface MembershipServices {
  payments: PaymentService;
  outbox: Outbox;
}

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

/** Payments and the e-mail outbox, built once from the shared service dependencies. */
function membershipServices(env: MembershipEnv, deps: ServiceDeps, selfUrl: () => string): MembershipServices {
  const outbox = new Outbox(deps.db, createMailTransport(env.SMTP_URL), {
    from: env.MAIL_FROM,
    logger: deps.logger,
    retryIntervalMs: env.OUTBOX_RETRY_SECONDS * 1000,
    attachments: membershipCardAttachments(memberLinksUrl(env)),
  });
  const providers = createPaymentProviders({
    active: env.PAYMENT_PROVIDER,
    db: deps.db,
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    deliverWebhook: builtinWebhookDelivery(selfUrl),
    logger: deps.logger,
    stripe: stripeSettings(env),
  });
  const payments = new PaymentService({ db: deps.db, providers, outbox, portalUrl: env.PORTAL_PUBLIC_URL ?? null });
  return { payments, outbox };
}

/** The membership subgraph, the admin service's authentication endpoints, payments and the outbox. */
export async function startMembershipService(env: MembershipEnv): Promise<RunningService> {
  // Where the built-in provider posts its webhooks: this very process, unless told otherwise.
  // Known only after listening when the port is 0, hence a function.
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  let selfUrl = env.PUBLIC_BASE_URL ?? `http://${host}:${env.MEMBERSHIP_PORT}`;
  let services: MembershipServices | null = null;
  const servicesOf = (deps: ServiceDeps) => (services ??= membershipServices(env, deps, () => selfUrl));

  const running = await startSubgraphService({
    name: 'membership',
    host: env.HOST,
    port: env.MEMBERSHIP_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    typeDefs,
    resolvers,
    context: (deps) => createContextFactory(deps.db, { payments: servicesOf(deps).payments, localOutbox: !env.SMTP_URL }),
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
        .use(paymentRoutes({ payments: servicesOf(deps).payments, logger: deps.logger, payLinkLimit: payLinkLimit(deps.db, env) }))
        .use(cardRoutes({ db: deps.db, keys: deps.keys, jwtSecret: env.JWT_SECRET, linksBase: memberLinksUrl(env) }))
        .use(clubIdentityRoutes({ db: deps.db, keys: deps.keys }))
        .use(ownPersonRoutes({ db: deps.db, keys: deps.keys, jwtSecret: env.JWT_SECRET })),
  });
  if (!env.PUBLIC_BASE_URL && env.MEMBERSHIP_PORT === 0) selfUrl = running.url;
  const { outbox } = servicesOf(running);
  // E-mails queued before a restart (or while the mail server was down) go out now.
  outbox.start();
  return {
    ...running,
    stop: async () => {
      await outbox.stop();
      await running.stop();
    },
  };
}
