import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import type { Knex } from '@ems/db';
import { startSubgraphService, type RunningService } from '@ems/service-runtime';
import type { FormsEnv } from './env';
import { createContextFactory } from './context';
import { membershipRegistration } from './domain/membershipPort';
import { systemClock, type FormsDeps } from './domain/commands';
import { resolvers } from './resolvers';
import { formsRoutes } from './rest/routes';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

export function formsDeps(db: Knex, env: Pick<FormsEnv, 'FORMS_SUSPEND_AFTER_MINUTES'>): FormsDeps {
  return { db, membership: membershipRegistration, clock: systemClock, suspendAfterMs: env.FORMS_SUSPEND_AFTER_MINUTES * 60_000 };
}

export function startFormsService(env: FormsEnv): Promise<RunningService> {
  return startSubgraphService({
    name: 'forms',
    host: env.HOST,
    port: env.FORMS_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    readStatementTimeoutSeconds: env.READ_STATEMENT_TIMEOUT_SECONDS,
    typeDefs,
    resolvers,
    context: ({ db }) => createContextFactory(formsDeps(db, env)),
    routes: ({ db, keys }) => formsRoutes({ forms: formsDeps(db, env), keys, jwtSecret: env.JWT_SECRET }),
    // Ample for a family's answers to one step (ten persons, 1000 four-byte characters each); more is a 413.
    jsonLimit: '64kb',
  });
}
