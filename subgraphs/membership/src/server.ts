import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import { startSubgraphService, type RunningService } from '@ems/schema/runtime';
import type { MembershipEnv } from './env';
import { createContextFactory } from './context';
import { resolvers } from './resolvers';
import { authRoutes } from './rest/auth';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

/** The membership subgraph plus the admin service's authentication endpoints. */
export function startMembershipService(env: MembershipEnv): Promise<RunningService> {
  return startSubgraphService({
    name: 'membership',
    host: env.HOST,
    port: env.MEMBERSHIP_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    typeDefs,
    resolvers,
    context: ({ db }) => createContextFactory(db),
    routes: ({ db, keys }) =>
      authRoutes({
        db,
        keys,
        settings: { jwtSecret: env.JWT_SECRET, validitySeconds: env.TOKEN_VALIDITY_SECONDS, clockSkewSeconds: env.HMAC_CLOCK_SKEW_SECONDS },
        defaultTenant: env.DEFAULT_REGISTRATION_SYSTEM_ID,
      }),
  });
}
