import type { StackService } from '@ems/router/src/dev/stack';
import { nodeArgsSetting, numberSetting, serviceEnvSetting } from '../lib/env';

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
  /** Extra Node options per service (BENCH_NODE_ARGS), e.g. `{\"router\":[\"--cpu-prof\"]}` to profile it. */
  nodeArgs: Partial<Record<StackService, string[]>>;
  /** Scenario names to run (BENCH_SCENARIOS, comma-separated); empty: all. For what-if runs. */
  scenarios: string[];
}

export function loadBenchEnv(source: NodeJS.ProcessEnv = process.env): BenchEnv {
  return {
    databaseUrl: source.DATABASE_URL || undefined,
    sessions: Math.round(numberSetting(source.BENCH_SESSIONS, 'BENCH_SESSIONS', 32, 1000)),
    // Eight phases of warm-up plus measurement keep the whole run under about three minutes.
    warmupMs: numberSetting(source.BENCH_WARMUP_SECONDS, 'BENCH_WARMUP_SECONDS', 2, 60) * 1000,
    durationMs: numberSetting(source.BENCH_SECONDS, 'BENCH_SECONDS', 8, 120) * 1000,
    slices: Math.round(numberSetting(source.BENCH_SLICES, 'BENCH_SLICES', 4, 50)),
    maxRequests: Math.round(numberSetting(source.BENCH_MAX_REQUESTS, 'BENCH_MAX_REQUESTS', 200_000, 2_000_000)),
    serviceEnv: serviceEnvSetting(source.BENCH_SERVICE_ENV),
    nodeArgs: nodeArgsSetting(source.BENCH_NODE_ARGS),
    scenarios: (source.BENCH_SCENARIOS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}
