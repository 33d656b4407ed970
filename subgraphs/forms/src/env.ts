import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, port, refuseDevelopmentDefaults, serviceEnvShape } from '@ems/service-runtime';

const fields = z.object({
  ...serviceEnvShape,
  FORMS_PORT: port(4002),
  // A RUNNING registration untouched this long counts as left (suspended) when fetched again:
  // the gateway session's idle time-out (contract: 30 minutes).
  FORMS_SUSPEND_AFTER_MINUTES: z.coerce.number().int().positive().default(30),
});

/** Production mode: no generated development secrets, no placeholder JWT secret (README, "Production"). */
const schema = fields.superRefine(refuseDevelopmentDefaults<z.output<typeof fields>>({ secrets: ['JWT_SECRET'] }));

export type FormsEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'forms');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
