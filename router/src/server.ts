import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { Agent } from 'undici';
import { createKnex, type Knex } from '@ems/db';
import {
  createLogger,
  databaseAnswers,
  errorMiddleware,
  listen,
  notFoundHandler,
  RateLimit,
  rejectInvalidText,
  requestLogger,
  type Logger,
} from '@ems/service-runtime';
import { trustProxySetting, type RouterEnv } from './env';
import { AdminServiceClient } from './auth/adminClient';
import { gatewayAuthRoutes } from './auth/routes';
import { SignInLimits } from './auth/signInLimits';
import { SessionTokens } from './auth/sessionTokens';
import { createGatewayHandler } from './graphql/gateway';
import { uploadForward } from './graphql/uploadForward';
import { portalRoutes } from './portal';
import { adminProxy } from './proxy/adminProxy';
import { bodyLimit } from './proxy/bodyLimit';
import { parseRouteTable, type ServiceName } from './proxy/routeTable';
import { partnerAccess } from './partner/partnerAccess';
import { PartnerTokens } from './partner/partnerTokens';
import { originCheck } from './security/originCheck';
import { sessionMiddleware } from './session/middleware';
import { PgSessionStore } from './session/pgStore';
import { publicIdentityRoutes, publicReadsWithoutSession } from './tenant/publicIdentity';
import { TenantResolver } from './tenant/resolveTenant';
import { MemberProviders } from './memberAuth/providers';
import { memberAuthRoutes } from './memberAuth/routes';
import { PENDING_SIGN_IN_SECONDS } from './oidc/pendingSignIn';
import { oidcSettingsOf, RelyingParty } from './oidc/relyingParty';
import { operatorAuthRoutes } from './oidc/routes';
import { portalSessionGuard, sessionPaths } from './session/portalGuard';
import './session/authState';

export const SUPERGRAPH_PATH = path.resolve(__dirname, '..', '..', 'schema', 'supergraph.graphql');

export interface RunningRouter {
  url: string;
  server: Server;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * The router: session gateway (sign-in, refresh, logout), the federated `/graphql`, the
 * admin-service proxy and the portal. It holds no business logic and reads no other service's
 * tables; its own is the session table.
 */
export async function startRouter(env: RouterEnv): Promise<RunningRouter> {
  const logger = createLogger('router', env.LOG_LEVEL);
  const db = createKnex(env.DATABASE_URL, { poolMax: 10, applicationName: 'ems-router' });
  const serviceUrls: Record<ServiceName, string> = { membership: env.MEMBERSHIP_URL, forms: env.FORMS_URL, imports: env.IMPORTS_URL };
  const admin = new AdminServiceClient(env.MEMBERSHIP_URL, env.ADMIN_SERVICE_API_KEY);
  const tokens = new SessionTokens(admin, env.TOKEN_REFRESH_AHEAD_SECONDS * 1000, logger);
  const store = new PgSessionStore(db, env.SESSION_TOUCH_INTERVAL_SECONDS * 1000, env.SESSION_CACHE_SECONDS * 1000);
  await store.cache.listen();
  const partnerTokens = new PartnerTokens(db, admin);
  await partnerTokens.listen();
  // The router's connections to the subgraphs, REST and GraphQL (keep-alive, a pool per subgraph).
  const dispatcher = new Agent({ connections: 256 });
  const graphql = await createGatewayHandler({
    supergraphPath: SUPERGRAPH_PATH,
    serviceUrls,
    apiKey: env.ADMIN_SERVICE_API_KEY,
    dispatcher,
    tokens,
    introspection: env.GRAPHQL_INTROSPECTION,
    logger,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  app.set('etag', false);

  // The one middleware order; everything registered here applies to every request below it.
  app.use(requestLogger(logger));
  // Liveness (restart on this) and readiness (send traffic while UP: the sessions live in the database).
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'UP' });
  });
  app.get('/healthz/readiness', async (_req, res) => {
    const dbStatus = (await databaseAnswers(db)) ? 'UP' : 'DOWN';
    res.status(dbStatus === 'UP' ? 200 : 503).json({ status: dbStatus, components: { db: { status: dbStatus } } });
  });
  // The text rule (no control characters) on every path and query string; the JSON bodies the
  // router parses itself are checked where they are parsed (sign-in, and /graphql's plugin).
  app.use(rejectInvalidText());
  // The club's logo and public identity are cached publicly: no session cookie in, none out.
  app.use(publicReadsWithoutSession());
  // A partner key (GraphQL only) is exchanged for a partner token and counted; cross-site writes
  // are refused, a body declared over UPLOAD_MAX_BYTES is refused unread, then the session is read
  // (express-session: a request without a session cookie reads nothing, and nothing is stored
  // before sign-in).
  app.use(
    sessionPaths(env.PORTAL),
    partnerAccess({
      tokens: partnerTokens,
      limit: partnerLimit(db, env),
      sessionCookie: env.SESSION_COOKIE_NAME,
      servesPartnerApi: env.PORTAL !== 'admin',
    }),
    originCheck(env.ALLOWED_ORIGINS),
    bodyLimit(env.UPLOAD_MAX_BYTES),
    sessionMiddleware(store, env.SESSION_SECRET, env.SESSION_IDLE_SECONDS, env.SESSION_COOKIE_NAME),
    portalSessionGuard(env.PORTAL),
  );
  const tenants = new TenantResolver(admin, env.DEFAULT_REGISTRATION_SYSTEM_ID);
  // Contract rule 11: the admin portal signs in with OpenID Connect only; the registration portal
  // with signed links, and with the tenant's member OpenID provider or anonymously where the tenant
  // has one (rule 12).
  const limits = signInLimits(db, env);
  const cookies = { sessionSecret: env.SESSION_SECRET, cookieName: env.SESSION_COOKIE_NAME, pendingSignInUses: pendingSignInUses(db) };
  app.use(
    ...(env.PORTAL === 'admin'
      ? [operatorAuthRoutes({ relyingParty: new RelyingParty(oidcSettingsOf(env)), admin, logger, limits, ...cookies })]
      : [
          gatewayAuthRoutes({ tenants, admin, tokens, logger, limits }),
          memberAuthRoutes({
            tenants,
            admin,
            providers: new MemberProviders(admin, { scopes: env.OIDC_SCOPES, allowInsecureHttp: env.OIDC_ALLOW_INSECURE_HTTP }),
            logger,
            limits,
            anonymousLimit: anonymousLimit(db, env),
            ...cookies,
          }),
        ]),
  );
  // The member portal's pages before sign-in name the host's club (issue 23); before the proxy,
  // which would want a session for `/api/**`.
  if (env.PORTAL !== 'admin') {
    app.use(publicIdentityRoutes({ tenants, admin }));
  }
  const upstream = { apiKey: env.ADMIN_SERVICE_API_KEY, dispatcher, tokens, logger, maxBodyBytes: env.UPLOAD_MAX_BYTES };
  app.use(adminProxy({ routes: parseRouteTable(env.ROUTE_TABLE), serviceUrls, ...upstream }));
  // GraphQL file uploads go straight to the imports subgraph (the gateway cannot forward
  // multipart); every other operation goes through Apollo.
  app.use('/graphql', uploadForward({ importsUrl: env.IMPORTS_URL, ...upstream }), ...graphql.handler);
  app.use(portalRoutes(env.PORTAL_DIST, env.PORTAL === 'admin' ? 'admin.html' : 'index.html'));
  app.use(notFoundHandler());
  app.use(errorMiddleware(logger));

  const server = await listen(app, env.ROUTER_PORT, env.HOST);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.ROUTER_PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
  logger.info({ url }, 'router listening');
  return {
    url,
    server,
    logger,
    stop: async () => {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await graphql.stop();
      await dispatcher.close();
      partnerTokens.close();
      store.close();
      await db.destroy();
    },
  };
}

/** Requests per partner key, in the shared database: every router counts the same key together. */
function partnerLimit(db: Knex, env: RouterEnv): RateLimit {
  return new RateLimit(db, {
    schema: 'gateway',
    name: 'partner:key',
    points: env.PARTNER_LIMIT_PER_KEY,
    windowSeconds: env.PARTNER_LIMIT_WINDOW_SECONDS,
    message: 'Too many requests for this API key. Please try again later.',
  });
}

/** Sign-in rate limits in the shared database, so every router counts the same failed attempts. */
function signInLimits(db: Knex, env: RouterEnv): SignInLimits {
  return SignInLimits.inDatabase(db, {
    perAddress: env.SIGN_IN_LIMIT_PER_ADDRESS,
    perUserKey: env.SIGN_IN_LIMIT_PER_USER_KEY,
    windowSeconds: env.SIGN_IN_LIMIT_WINDOW_SECONDS,
  });
}

/**
 * Each pending OpenID sign-in's cookie spent once, by its seal's `jti`, for as long as a seal
 * lives: a saved copy replayed at the callback finds nothing (pendingSignIn.ts).
 */
function pendingSignInUses(db: Knex): RateLimit {
  return new RateLimit(db, {
    schema: 'gateway',
    name: 'pending-sign-in',
    points: 1,
    windowSeconds: PENDING_SIGN_IN_SECONDS,
    message: 'This sign-in was already used.',
  });
}

/** Anonymous registrations per client address: each makes an account, so every one counts. */
function anonymousLimit(db: Knex, env: RouterEnv): RateLimit {
  return new RateLimit(db, {
    schema: 'gateway',
    name: 'anonymous:address',
    points: env.SIGN_IN_LIMIT_PER_ADDRESS,
    windowSeconds: env.SIGN_IN_LIMIT_WINDOW_SECONDS,
    message: 'Too many registrations from this address. Please try again later.',
  });
}
