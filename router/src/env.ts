import { z } from 'zod';
import { embeddedDatabaseUrl, MIN_API_KEY_LENGTH } from '@ems/db';
import { booleanFlag, logLevel, parseEnv, port, productionModeShape, refuseDevelopmentDefaults, seconds } from '@ems/service-runtime';

const url = z
  .string()
  .url()
  .transform((u) => u.replace(/\/+$/, ''));

const fields = z.object({
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: port(54329),
  HOST: z.string().default('127.0.0.1'),
  ROUTER_PORT: port(4000),
  /** The registration portal's key for the admin service (contract rule 7: held only here). */
  ADMIN_SERVICE_API_KEY: z.string().min(MIN_API_KEY_LENGTH, `must be at least ${MIN_API_KEY_LENGTH} characters`),
  MEMBERSHIP_URL: url.default('http://127.0.0.1:4001'),
  FORMS_URL: url.default('http://127.0.0.1:4002'),
  IMPORTS_URL: url.default('http://127.0.0.1:4003'),
  /** Signs the session cookie. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  SESSION_IDLE_SECONDS: seconds(1800),
  /** The session row's expiry is pushed forward at most this often (fewer writes per request). */
  SESSION_TOUCH_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** A router serves a session from memory this long before reading it again (0: always read). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(5),
  /** Refresh the session's JWT this long before it expires, on the next request. */
  TOKEN_REFRESH_AHEAD_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Express `trust proxy`: set when a TLS-terminating proxy sits in front (e.g. `1` or `loopback`). */
  TRUST_PROXY: z.string().default('false'),
  /** Production mode refuses cookies that are not `Secure` (no TRUST_PROXY) unless this is set, e.g. TLS on a service mesh. */
  ALLOW_INSECURE_COOKIES: booleanFlag(false),
  /** Extra origins allowed to make cookie-authenticated writes (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  /** Tenant for hosts with no entry in the tenants table (single-tenant installs). */
  DEFAULT_REGISTRATION_SYSTEM_ID: z.coerce.number().int().positive().optional(),
  /** JSON route table for /services/admin-service/** and /api/**, overriding the default. */
  ROUTE_TABLE: z.string().optional(),
  PORTAL_DIST: z.string().optional(),
  GRAPHQL_INTROSPECTION: booleanFlag(false),
  /** Largest request body the router passes on (import uploads); larger is 413 before it is read. Same default as the imports service's IMPORT_MAX_UPLOAD_BYTES. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  /** Failed sign-ins allowed per user key in one window (a success does not count). */
  SIGN_IN_LIMIT_PER_USER_KEY: z.coerce.number().int().positive().default(10),
  /**
   * Failed sign-ins allowed per client address in one window (a success does not count; an OpenID
   * sign-in counts from its start until its callback succeeds). Higher than per user key: a school
   * or a club's Wi-Fi is one address. Also the bound of anonymous registrations per address.
   */
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  SIGN_IN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** GraphQL requests allowed per partner key in one window, counted by every router together. */
  PARTNER_LIMIT_PER_KEY: z.coerce.number().int().positive().default(600),
  PARTNER_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  LOG_LEVEL: logLevel,
  /**
   * Which portal this router is the gateway of (contract rule 11): `registration` (signed-link
   * sign-in) or `admin` (operators, OpenID Connect sign-in only). Each has its own API key.
   */
  PORTAL: z.enum(['registration', 'admin']).default('registration'),
  /** The session cookie's name; by default `ems.sid`, `ems-admin.sid` for the admin portal (both may share a host). */
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, dot, dash and underscore only')
    .optional(),
  /** The admin portal's OpenID provider (README, "Configuring an OpenID provider"). */
  OIDC_ISSUER_URL: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** This router's `/auth/oidc/callback` as the browser reaches it, registered at the provider. */
  OIDC_REDIRECT_URL: z.string().url().optional(),
  /** Where the provider sends the browser after RP-initiated logout (registered there too); default: the portal's root. */
  OIDC_POST_LOGOUT_REDIRECT_URL: z.string().url().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  /** Plain-HTTP provider (the demo one on the loopback); refused in production. */
  OIDC_ALLOW_INSECURE_HTTP: booleanFlag(false),
  ...productionModeShape,
});

/** Production mode (README, "Production"): development defaults are refused, each by name. */
const schema = fields.superRefine(adminPortalNeedsOidc).superRefine(
  refuseDevelopmentDefaults<z.output<typeof fields>>({
    secrets: ['SESSION_SECRET', 'ADMIN_SERVICE_API_KEY', 'OIDC_CLIENT_SECRET'],
    refuse: (env) => [
      env.OIDC_ALLOW_INSECURE_HTTP && {
        variable: 'OIDC_ALLOW_INSECURE_HTTP',
        message: 'an OpenID provider over plain HTTP is for the local demo only: use its https issuer URL',
      },
      env.GRAPHQL_INTROSPECTION && {
        variable: 'GRAPHQL_INTROSPECTION',
        message: 'introspection shows the whole federated schema to anyone: leave it off in production',
      },
      trustProxySetting(env.TRUST_PROXY) === false &&
        !env.ALLOW_INSECURE_COOKIES && {
          variable: 'TRUST_PROXY',
          message:
            'is not set, so session cookies would not be Secure: put a TLS-terminating proxy in front and set TRUST_PROXY (e.g. 1), or set ALLOW_INSECURE_COOKIES=true if TLS ends elsewhere',
        },
    ],
  }),
);

/** The admin portal signs in through OpenID Connect only, so it cannot start without a provider. */
function adminPortalNeedsOidc(env: z.output<typeof fields>, ctx: z.RefinementCtx): void {
  if (env.PORTAL !== 'admin') return;
  for (const name of ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URL'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with PORTAL=admin' });
  }
}

export type RouterEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'router');
  return {
    ...env,
    DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT),
    SESSION_COOKIE_NAME: env.SESSION_COOKIE_NAME ?? (env.PORTAL === 'admin' ? 'ems-admin.sid' : 'ems.sid'),
  };
}

/**
 * Apollo Gateway reports the host it runs on (operating system, CPUs, memory, uptime, cloud
 * provider attributes, after probing the clouds' metadata addresses) to Apollo every hour and on
 * shutdown unless APOLLO_TELEMETRY_DISABLED is set; it reads the variable itself. A club's
 * installation sends nothing to a third party unasked: off unless the operator chose a value.
 */
export function keepApolloTelemetryOff(): void {
  process.env.APOLLO_TELEMETRY_DISABLED ??= 'true';
}

/** Express's `trust proxy` setting from its textual form. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
