import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import { startSubgraphService, type RunningService } from '@ems/schema/runtime';
import type { FormsEnv } from './env';
import { createContextFactory } from './context';
import { resolvers } from './resolvers';
import { formsRoutes } from './rest/routes';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

export function startFormsService(env: FormsEnv): Promise<RunningService> {
  return startSubgraphService({
    name: 'forms',
    host: env.HOST,
    port: env.FORMS_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    typeDefs,
    resolvers,
    context: ({ db }) => createContextFactory(db),
    routes: () => formsRoutes(env.JWT_SECRET),
  });
}
