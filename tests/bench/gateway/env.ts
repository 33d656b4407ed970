/** The gateway benchmark's configuration; the only file of the benchmark that reads process.env. */
export interface BenchEnv {
  /** A PostgreSQL server to create the scratch database on; unset: an embedded one. */
  databaseUrl: string | undefined;
  /** Signed-in sessions the load is spread over. */
  sessions: number;
  warmupMs: number;
  durationMs: number;
  maxRequests: number;
}

function positiveNumber(source: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number in (0, ${max}], got '${raw}'`);
  return value;
}

export function loadBenchEnv(source: NodeJS.ProcessEnv = process.env): BenchEnv {
  return {
    databaseUrl: source.DATABASE_URL || undefined,
    sessions: Math.round(positiveNumber(source, 'BENCH_SESSIONS', 32, 1000)),
    // Eight phases of warm-up plus measurement keep the whole run under about three minutes.
    warmupMs: positiveNumber(source, 'BENCH_WARMUP_SECONDS', 2, 60) * 1000,
    durationMs: positiveNumber(source, 'BENCH_SECONDS', 8, 120) * 1000,
    maxRequests: Math.round(positiveNumber(source, 'BENCH_MAX_REQUESTS', 200_000, 2_000_000)),
  };
}
