import { STACK_SERVICES, type StackService } from '@ems/router/src/dev/stack';

/** The gateway benchmark's configuration; the only file of the benchmark that reads process.env. */
export interface BenchEnv {
  /** A PostgreSQL server to create the scratch database on; unset: an embedded one. */
  databaseUrl: string | undefined;
  /** Signed-in sessions the load is spread over. */
  sessions: number;
  warmupMs: number;
  /** Measured time per target and concurrency, split into this many alternating slices. */
  durationMs: number;
  slices: number;
  maxRequests: number;
  /** Extra environment per service, e.g. `{"router":{"LOG_LEVEL":"warn"}}`, for what-if runs. */
  serviceEnv: Partial<Record<StackService, Record<string, string>>>;
}

function positiveNumber(source: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number in (0, ${max}], got '${raw}'`);
  return value;
}

function serviceEnv(raw: string | undefined): BenchEnv['serviceEnv'] {
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.entries(parsed).every(
      ([service, vars]) =>
        (STACK_SERVICES as readonly string[]).includes(service) &&
        typeof vars === 'object' &&
        vars !== null &&
        Object.values(vars).every((v) => typeof v === 'string'),
    );
  if (!valid) throw new Error(`BENCH_SERVICE_ENV must map ${STACK_SERVICES.join('|')} to objects of strings`);
  return parsed as BenchEnv['serviceEnv'];
}

export function loadBenchEnv(source: NodeJS.ProcessEnv = process.env): BenchEnv {
  return {
    databaseUrl: source.DATABASE_URL || undefined,
    sessions: Math.round(positiveNumber(source, 'BENCH_SESSIONS', 32, 1000)),
    // Eight phases of warm-up plus measurement keep the whole run under about three minutes.
    warmupMs: positiveNumber(source, 'BENCH_WARMUP_SECONDS', 2, 60) * 1000,
    durationMs: positiveNumber(source, 'BENCH_SECONDS', 8, 120) * 1000,
    slices: Math.round(positiveNumber(source, 'BENCH_SLICES', 4, 50)),
    maxRequests: Math.round(positiveNumber(source, 'BENCH_MAX_REQUESTS', 200_000, 2_000_000)),
    serviceEnv: serviceEnv(source.BENCH_SERVICE_ENV),
  };
}
