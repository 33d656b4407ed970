import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, serviceEnvShape } from '@ems/service-runtime';

/** The sessions command needs only the database the routers share, and the tenant of single-tenant installs. */
const schema = z.object({
  DATABASE_URL: serviceEnvShape.DATABASE_URL,
  EMBEDDED_PG_PORT: serviceEnvShape.EMBEDDED_PG_PORT,
  /** The router's tenant for hosts without an entry; `--tenant` defaults to it, else to 1. */
  DEFAULT_REGISTRATION_SYSTEM_ID: z.coerce.number().int().positive().optional(),
});

export type SessionsCliEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'sessions');
  return {
    DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT),
    DEFAULT_REGISTRATION_SYSTEM_ID: env.DEFAULT_REGISTRATION_SYSTEM_ID ?? 1,
  };
}
