import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Helpers for each process's own `env.ts`. Every process parses its environment once, at
 * start-up, and refuses to start with a message naming each bad variable.
 */
export function parseEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv, processName: string): z.infer<S> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`${processName}: invalid configuration\n${lines.join('\n')}`);
  }
  return result.data;
}

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/**
 * Production mode (`NODE_ENV=production`, README "Production"): a process refuses to start with a
 * development default, naming each wrong setting. Variables every process reads for it:
 * `EMS_DEV_SECRETS` is set by the `npm start` launcher (router/src/dev/stack.ts) for the secrets
 * it generated into `.data/dev-secrets.json`, so a process can tell it was handed them. Without
 * the marker the secrets are still recognised by their values (`developmentSecretValues`).
 */
export const productionModeShape = {
  NODE_ENV: z.string().default('development'),
  EMS_DEV_SECRETS: booleanFlag(false),
};

/** Variables every subgraph process reads (each adds its own port and settings). */
export const serviceEnvShape = {
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: port(54329),
  HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(64, 'must be at least 64 characters'),
  API_KEY_CACHE_SECONDS: seconds(30),
  /**
   * How long one statement of a GraphQL read (a query: operators' lists, searches, the partner API)
   * may run before PostgreSQL cancels it (runtime/src/requestQueries.ts). Well under the router's
   * 30 s, so the caller gets our answer rather than the router's time-out.
   */
  READ_STATEMENT_TIMEOUT_SECONDS: seconds(10),
  LOG_LEVEL: logLevel,
  ...productionModeShape,
};

/** A secret made by hand rather than generated: too few distinct characters, or a known placeholder word. */
export function placeholderSecretProblem(value: string | undefined): string | null {
  if (!value) return null;
  if (new Set(value).size < 16) {
    return 'looks like a placeholder (fewer than 16 distinct characters): generate one, e.g. `openssl rand -base64 48`';
  }
  if (/change-?me|placeholder|example|development|insecure/i.test(value)) {
    return 'looks like a placeholder (contains a word such as "changeme" or "example"): generate one, e.g. `openssl rand -base64 48`';
  }
  return null;
}

/** Where `npm start` keeps the secrets it generated, below the installation's root. */
export const DEV_SECRETS_FILE = path.join('.data', 'dev-secrets.json');

/** The embedded development database's well-known password (`embeddedDatabaseUrl`: postgres:postgres). */
const EMBEDDED_DATABASE_PASSWORD = 'postgres';

/**
 * The values of the development secrets `npm start` generated on this machine: the nearest
 * `.data/dev-secrets.json` above each of `from` (by default the code's own directory, which is
 * inside the installation whether it runs from TypeScript or a bundle, and the working
 * directory). Empty when there is none; a file that cannot be read is no reason to refuse.
 */
export function developmentSecretValues(from: readonly string[] = [__dirname, process.cwd()]): Set<string> {
  const values = new Set<string>();
  for (const start of from) {
    const file = nearestAbove(start, DEV_SECRETS_FILE);
    if (!file) continue;
    try {
      const content = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (typeof content !== 'object' || content === null) continue;
      for (const value of Object.values(content)) if (typeof value === 'string' && value) values.add(value);
    } catch {
      // Unreadable or not JSON: nothing known from it.
    }
  }
  return values;
}

function nearestAbove(start: string, relative: string): string | null {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Whether a database URL carries the embedded development database's password. */
function hasEmbeddedDatabasePassword(databaseUrl: string): boolean {
  try {
    return decodeURIComponent(new URL(databaseUrl).password) === EMBEDDED_DATABASE_PASSWORD;
  } catch {
    return false;
  }
}

export interface ProductionRules<E> {
  /** The process's secrets: refused when they look like placeholders. */
  secrets: ReadonlyArray<keyof E & string>;
  /** Further development defaults: a variable and, when it is wrong, why. */
  refuse?: (env: E) => ReadonlyArray<{ variable: keyof E & string; message: string } | null | false>;
}

/**
 * A zod `superRefine` for a process's environment schema: in production, one issue per wrong
 * setting (the generated development secrets, placeholder secrets, no DATABASE_URL, and the
 * process's own rules), which `parseEnv` prints as `VARIABLE: message`. Outside production it
 * does nothing.
 */
export function refuseDevelopmentDefaults<E extends { NODE_ENV: string; EMS_DEV_SECRETS: boolean; DATABASE_URL?: string }>(
  rules: ProductionRules<E>,
  knownDevelopmentSecrets: () => ReadonlySet<string> = developmentSecretValues,
) {
  return (env: E, ctx: z.RefinementCtx): void => {
    if (env.NODE_ENV !== 'production') return;
    const issues: Array<{ variable: string; message: string }> = [];
    // Without it a process falls back to the embedded development database and its well-known
    // credentials (`embeddedDatabaseUrl`): a production process never should.
    if (!env.DATABASE_URL) {
      issues.push({
        variable: 'DATABASE_URL',
        message: 'the embedded development database (user postgres, password postgres) is refused in production: set DATABASE_URL',
      });
    } else if (hasEmbeddedDatabasePassword(env.DATABASE_URL)) {
      issues.push({
        variable: 'DATABASE_URL',
        message:
          'has the embedded development database password (postgres), refused in production: give the database user a password of its own',
      });
    }
    // The generated secrets by their values, marker or not: copied into a production
    // configuration by hand they are still the ones in `.data/dev-secrets.json`.
    const generated = knownDevelopmentSecrets();
    for (const [variable, value] of Object.entries(env)) {
      if (typeof value === 'string' && generated.has(value)) {
        issues.push({
          variable,
          message:
            'is a development secret generated by `npm start` (.data/dev-secrets.json), refused in production: generate your own, e.g. `openssl rand -base64 48`',
        });
      }
    }
    if (env.EMS_DEV_SECRETS) {
      issues.push({
        variable: 'EMS_DEV_SECRETS',
        message:
          'the development secrets generated by `npm start` (.data/dev-secrets.json) are refused in production: set your own secrets and leave EMS_DEV_SECRETS unset',
      });
    }
    for (const name of rules.secrets) {
      const problem = placeholderSecretProblem(env[name] as string | undefined);
      if (problem && !issues.some((i) => i.variable === name)) issues.push({ variable: name, message: problem });
    }
    for (const issue of rules.refuse?.(env) ?? []) if (issue) issues.push(issue);
    for (const { variable, message } of issues) {
      ctx.addIssue({ code: 'custom', path: [variable], message: `${message} (NODE_ENV=production)` });
    }
  };
}
