import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, port, serviceEnvShape } from '@ems/service-runtime';

const schema = z.object({
  ...serviceEnvShape,
  IMPORTS_PORT: port(4003),
});

export type ImportsEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'imports');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
