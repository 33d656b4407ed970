import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import { startSubgraphService, type RunningService } from '@ems/service-runtime';
import type { ImportsEnv } from './env';
import { createContextFactory } from './context';
import { resolvers } from './resolvers';
import { importsRoutes } from './rest/routes';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

export function startImportsService(env: ImportsEnv): Promise<RunningService> {
  return startSubgraphService({
    name: 'imports',
    host: env.HOST,
    port: env.IMPORTS_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    typeDefs,
    resolvers,
    context: ({ db }) => createContextFactory(db),
    routes: () => importsRoutes(env.JWT_SECRET),
  });
}
