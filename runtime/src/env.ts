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

/** Variables every subgraph process reads (each adds its own port and settings). */
export const serviceEnvShape = {
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: port(54329),
  HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(64, 'must be at least 64 characters'),
  API_KEY_CACHE_SECONDS: seconds(30),
  LOG_LEVEL: logLevel,
};
