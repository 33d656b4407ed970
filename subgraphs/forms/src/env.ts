import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, port, serviceEnvShape } from '@ems/service-runtime';

const schema = z.object({
  ...serviceEnvShape,
  FORMS_PORT: port(4002),
  // A RUNNING registration untouched this long counts as left (suspended) when fetched again:
  // the gateway session's idle time-out (contract: 30 minutes).
  FORMS_SUSPEND_AFTER_MINUTES: z.coerce.number().int().positive().default(30),
});

export type FormsEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'forms');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
