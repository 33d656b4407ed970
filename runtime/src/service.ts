import type { IncomingMessage, Server } from 'node:http';
import express, { type Request, type Router } from 'express';
import type { BaseContext } from '@apollo/server';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import type { DocumentNode } from 'graphql';
import { ApiKeyVerifier, createKnex, migrateLatest, type Knex } from '@ems/db';
import { createLogger, type Logger, type LogLevel } from './log';
import { healthRoutes } from './health';
import { errorMiddleware, notFoundHandler, requestLogger } from './http';
import { listen } from './listen';
import { optionalBearer, requireXApiKey } from './guards';
import { createSubgraphHandler } from './subgraph';
import { rejectInvalidText } from './textInput';
import { limitReadQueries } from './requestQueries';

declare module 'node:http' {
  interface IncomingMessage {
    /** The body exactly as received, for JSON bodies (signatures are computed over these bytes). */
    rawBody?: Buffer;
  }
}

function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  req.rawBody = buf;
}

export interface ServiceDeps {
  db: Knex;
  keys: ApiKeyVerifier;
  logger: Logger;
}

export interface SubgraphServiceSpec<Ctx extends BaseContext> {
  name: string;
  host: string;
  port: number;
  databaseUrl: string;
  logLevel: LogLevel;
  jwtSecret: string;
  apiKeyCacheSeconds: number;
  /** `statement_timeout` of a GraphQL read's statements (READ_STATEMENT_TIMEOUT_SECONDS; requestQueries.ts). */
  readStatementTimeoutSeconds: number;
  typeDefs: DocumentNode;
  resolvers: GraphQLResolverMap<Ctx>;
  context: (deps: ServiceDeps) => (req: Request) => Promise<Ctx>;
  /** The service's REST endpoints (mounted after JSON parsing, before the 404 handler). */
  routes?: (deps: ServiceDeps) => Router;
  /** Largest accepted JSON body of the REST endpoints. */
  jsonLimit?: string;
  /** GraphQL file uploads on `/graphql` (see createSubgraphHandler). */
  uploads?: { maxFileSize: number };
  /** The service's logger when something made before the service logs too (e.g. its job queue). */
  logger?: Logger;
}

export interface RunningService extends ServiceDeps {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/**
 * The shape every subgraph process shares: public `/actuator/health`; `/graphql` that needs the
 * portal's X-API-KEY (and validates a bearer token when one is sent); the service's REST routes;
 * one error mapper. Each subgraph's server.ts supplies its schema, resolvers and routes.
 */
export async function startSubgraphService<Ctx extends BaseContext>(spec: SubgraphServiceSpec<Ctx>): Promise<RunningService> {
  const logger = spec.logger ?? createLogger(spec.name, spec.logLevel);
  const db = createKnex(spec.databaseUrl, { applicationName: `ems-${spec.name}` });
  // GraphQL reads take their connections from here: the same database, each statement limited.
  const readDb = createKnex(spec.databaseUrl, {
    applicationName: `ems-${spec.name}-reads`,
    statementTimeoutMs: spec.readStatementTimeoutSeconds * 1000,
  });
  limitReadQueries(db, readDb);
  // Migrations run on start (idempotent, serialised across processes).
  await migrateLatest(db);
  const keys = new ApiKeyVerifier(db, spec.apiKeyCacheSeconds);
  await keys.listen();
  const deps: ServiceDeps = { db, keys, logger };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.use(healthRoutes(db, spec.name));

  const graphql = await createSubgraphHandler({
    typeDefs: spec.typeDefs,
    resolvers: spec.resolvers,
    context: spec.context(deps),
    logger,
    uploads: spec.uploads,
  });
  app.use('/graphql', requireXApiKey(keys), optionalBearer(spec.jwtSecret), ...graphql.handler);

  // The raw bytes stay on the request (`rawBody`): a payment provider signs its JSON webhooks over them.
  app.use(express.json({ limit: spec.jsonLimit ?? '64kb', verify: keepRawBody }));
  // The text rule on every REST input (path, query, JSON body) before any route reads it.
  app.use(rejectInvalidText());
  if (spec.routes) app.use(spec.routes(deps));
  app.use(notFoundHandler());
  app.use(errorMiddleware(logger));

  const server = await listen(app, spec.port, spec.host);
  // Keep-alive longer than the router's agent so that pooled connections are not cut mid-request.
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : spec.port;
  const url = `http://${spec.host}:${port}`;
  logger.info({ url }, `${spec.name} service listening`);
  return {
    ...deps,
    url,
    server,
    stop: async () => {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await graphql.stop();
      await keys.close();
      await db.destroy();
      await readDb.destroy();
    },
  };
}
