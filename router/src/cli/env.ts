import { z } from 'zod';
import { embeddedDatabaseUrl, MIN_API_KEY_LENGTH } from '@ems/db';
import { parseEnv, serviceEnvShape } from '@ems/service-runtime';

/**
 * The sessions command: the database the routers share, and the admin service (with a portal's
 * key) to find the account behind a user key.
 */
const schema = z.object({
  DATABASE_URL: serviceEnvShape.DATABASE_URL,
  EMBEDDED_PG_PORT: serviceEnvShape.EMBEDDED_PG_PORT,
  MEMBERSHIP_URL: z
    .string()
    .url()
    .default('http://127.0.0.1:4001')
    .transform((u) => u.replace(/\/+$/, '')),
  ADMIN_SERVICE_API_KEY: z.string().min(MIN_API_KEY_LENGTH, `must be at least ${MIN_API_KEY_LENGTH} characters`),
  /** The router's tenant for hosts without an entry; `--tenant` defaults to it, else to 1. */
  DEFAULT_REGISTRATION_SYSTEM_ID: z.coerce.number().int().positive().optional(),
});

export type SessionsCliEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'sessions');
  return {
    ...env,
    DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT),
    DEFAULT_REGISTRATION_SYSTEM_ID: env.DEFAULT_REGISTRATION_SYSTEM_ID ?? 1,
  };
}
