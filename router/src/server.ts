import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { Pool } from 'pg';
import { createLogger, type Logger } from '@ems/service-runtime';
import { errorMiddleware, listen, notFoundHandler, requestLogger } from '@ems/service-runtime';
import { trustProxySetting, type RouterEnv } from './env';
import { AdminServiceClient } from './auth/adminClient';
import { gatewayAuthRoutes } from './auth/routes';
import { SessionTokens } from './auth/sessionTokens';
import { createGatewayHandler, sessionGate } from './graphql/gateway';
import { portalRoutes } from './portal';
import { adminProxy } from './proxy/adminProxy';
import { proxyLane } from './proxy/proxyLane';
import { parseRouteTable, type ServiceName } from './proxy/routeTable';
import { originCheck } from './security/originCheck';
import { SESSION_COOKIE, sessionMiddleware } from './session/middleware';
import { sessionReader } from './session/sessionReader';
import { createSessionStore } from './session/throttledStore';
import { TenantResolver } from './tenant/resolveTenant';
import { createUpstreamDispatcher } from './upstream/dispatcher';
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
 * admin-service proxy and the portal. It holds no business logic.
 */
export async function startRouter(env: RouterEnv): Promise<RunningRouter> {
  const logger = createLogger('router', env.LOG_LEVEL);
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10, application_name: 'ems-router' });
  // An idle connection the server drops (restart, fail-over, shutdown) surfaces here; without a
  // listener pg would crash the router. The pool replaces the connection on the next checkout.
  pool.on('error', (err) => logger.warn({ err: { message: err.message } }, 'idle database connection lost'));
  const serviceUrls: Record<ServiceName, string> = { membership: env.MEMBERSHIP_URL, forms: env.FORMS_URL, imports: env.IMPORTS_URL };
  const admin = new AdminServiceClient(env.MEMBERSHIP_URL, env.ADMIN_SERVICE_API_KEY);
  const tokens = new SessionTokens(admin, env.TOKEN_REFRESH_AHEAD_SECONDS * 1000, logger);
  const dispatcher = createUpstreamDispatcher();
  const store = createSessionStore(pool, env.SESSION_TOUCH_INTERVAL_SECONDS, env.SESSION_CACHE_SECONDS);
  await store.cache.listen();
  const session = sessionMiddleware(store, env.SESSION_SECRET, env.SESSION_IDLE_SECONDS);
  const graphql = await createGatewayHandler({
    supergraphPath: SUPERGRAPH_PATH,
    serviceUrls,
    apiKey: env.ADMIN_SERVICE_API_KEY,
    dispatcher,
    tokens,
    introspection: env.GRAPHQL_INTROSPECTION,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'UP' });
  });

  // Sessions only where they matter: static files never touch the session table, and a request
  // without a session cookie gets none (no id generated, nothing read) unless it signs in. Sign-in,
  // refresh and logout change sessions (express-session); every other request only reads one.
  const readSession = sessionReader({
    store,
    cookieName: SESSION_COOKIE,
    secret: env.SESSION_SECRET,
    idleSeconds: env.SESSION_IDLE_SECONDS,
  });
  const checkOrigin = originCheck(env.ALLOWED_ORIGINS);

  // `/services/admin-service/**` and `/api/**` (except sign-in) go to the subgraph that owns them.
  const proxy = adminProxy({
    routes: parseRouteTable(env.ROUTE_TABLE),
    serviceUrls,
    apiKey: env.ADMIN_SERVICE_API_KEY,
    dispatcher,
    tokens,
    logger,
  });
  app.use(proxyLane({ originCheck: checkOrigin, readSession, proxy }));

  const sessionWhenNeeded: express.RequestHandler = (req, res, next) => {
    if (req.originalUrl.startsWith('/api/auth/')) return session(req, res, next);
    if (req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return readSession(req, res, next);
    next();
  };
  for (const prefix of ['/api', '/services', '/graphql']) app.use(prefix, checkOrigin, sessionWhenNeeded);

  // Only sign-in paths walk the sign-in routes; every other request skips them in one test.
  const authRoutes = gatewayAuthRoutes({ tenants: new TenantResolver(pool, env.DEFAULT_REGISTRATION_SYSTEM_ID), admin, tokens, logger });
  app.use((req, res, next) => (req.path.startsWith('/api/auth/') ? authRoutes(req, res, next) : next()));
  app.use('/graphql', sessionGate(tokens), ...graphql.handler);
  app.use(portalRoutes(env.PORTAL_DIST));
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
      store.cache.close();
      store.close();
      await pool.end();
    },
  };
}
