import { z } from 'zod';
import { DEFAULT_EMBEDDED_PG_PORT } from '@ems/db';
import { parseEnv, port } from '@ems/service-runtime';

const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: port(DEFAULT_EMBEDDED_PG_PORT),
  ROUTER_PORT: port(4000),
  /** The admin portal's router (operators). */
  ADMIN_ROUTER_PORT: port(4020),
  /** The demo OpenID provider the admin portal signs operators in with. */
  DEMO_IDP_PORT: port(4011),
  MEMBERSHIP_PORT: port(4001),
  FORMS_PORT: port(4002),
  IMPORTS_PORT: port(4003),
  IMPORTS_WORKER_PORT: port(4013),
  MEMBERSHIP_WORKER_PORT: port(4014),
  DEMO_SITE_PORT: port(4010),
  /** `pretty` (default) prints one readable line per log record; `json` passes records through. */
  LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
});

/** The launcher's own configuration (`npm start`). */
export function loadStartEnv(source: NodeJS.ProcessEnv = process.env) {
  return parseEnv(schema, source, 'start');
}
