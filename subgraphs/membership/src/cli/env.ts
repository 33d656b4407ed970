import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, serviceEnvShape } from '@ems/service-runtime';

/** The keys command needs only the database (the service's own settings, such as JWT_SECRET, are not required). */
const schema = z.object({
  DATABASE_URL: serviceEnvShape.DATABASE_URL,
  EMBEDDED_PG_PORT: serviceEnvShape.EMBEDDED_PG_PORT,
});

export type KeysCliEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'keys');
  return { DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
