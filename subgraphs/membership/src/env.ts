import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { DEFAULT_TOKEN_VALIDITY_SECONDS, parseEnv, port, seconds, serviceEnvShape } from '@ems/schema';

const schema = z.object({
  ...serviceEnvShape,
  MEMBERSHIP_PORT: port(4001),
  TOKEN_VALIDITY_SECONDS: seconds(DEFAULT_TOKEN_VALIDITY_SECONDS),
  /** Tenant for `/api/auth/exchange` when neither the key nor the body names one. */
  DEFAULT_REGISTRATION_SYSTEM_ID: z.coerce.number().int().positive().optional(),
  /** Tolerated clock difference for timestamped (hmac-sha256) links. */
  HMAC_CLOCK_SKEW_SECONDS: seconds(30),
});

export type MembershipEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'membership');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
