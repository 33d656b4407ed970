import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, port, refuseDevelopmentDefaults, serviceEnvShape } from '@ems/service-runtime';

const fields = z.object({
  ...serviceEnvShape,
  IMPORTS_PORT: port(4003),
});

/** Production mode: no generated development secrets, no placeholder JWT secret (README, "Production"). */
const schema = fields.superRefine(refuseDevelopmentDefaults<z.output<typeof fields>>({ secrets: ['JWT_SECRET'] }));

export type ImportsEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'imports');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
