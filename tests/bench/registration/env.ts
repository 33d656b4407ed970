import type { StackService } from '@ems/router/src/dev/stack';
import { nodeArgsSetting, numberSetting, serviceEnvSetting } from '../lib/env';

/** The registration benchmark's configuration; the only file of the benchmark that reads process.env. */
export interface RegistrationBenchEnv {
  /** A PostgreSQL server to create the scratch database on; unset: an embedded one. */
  databaseUrl: string | undefined;
  /** Members whose registrations are measured (`--members=N` or BENCH_MEMBERS). */
  members: number;
  /** Registrations in flight at once. */
  concurrency: number;
  /** The first registrations of the workers start spread over this long. */
  rampMs: number;
  /** Members registered before the measured run, a few at a time, to warm up JIT and pools. */
  warmupMembers: number;
  /**
   * Baseline requests in flight at once, beside the registrations (BENCH_BASELINE_CONCURRENCY):
   * a few, so that they measure what the registrations' load costs a trivial request without
   * doubling that load.
   */
  baselineConcurrency: number;
  /** The baseline's own warm-up, before the registrations start. */
  baselineWarmupMs: number;
  /** The whole run, stack start to cleanup, stops after this whatever happens. */
  timeLimitMs: number;
  /** One request that takes longer than this fails its registration. */
  requestTimeoutMs: number;
  /** Extra environment per service, e.g. `{"forms":{"LOG_LEVEL":"warn"}}`, for what-if runs. */
  serviceEnv: Partial<Record<StackService, Record<string, string>>>;
  /** Extra Node options per service (BENCH_NODE_ARGS), e.g. `{\"router\":[\"--cpu-prof\"]}` to profile it. */
  nodeArgs: Partial<Record<StackService, string[]>>;
}

/** `--name=value` arguments win over the environment, so `npm run bench:registration -- --members=50` works. */
function argument(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

export function loadRegistrationBenchEnv(
  source: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): RegistrationBenchEnv {
  const known = ['members', 'concurrency', 'warmup-members', 'ramp-seconds', 'time-limit-seconds'];
  const unknown = argv.filter((a) => !known.some((k) => a.startsWith(`--${k}=`)));
  if (unknown.length) throw new Error(`unknown arguments: ${unknown.join(' ')} (known: ${known.map((k) => `--${k}=`).join(' ')})`);
  const value = (arg: string, variable: string) => argument(argv, arg) ?? source[variable];
  return {
    databaseUrl: source.DATABASE_URL || undefined,
    members: Math.round(numberSetting(value('members', 'BENCH_MEMBERS'), 'members', 200, 100_000, 1)),
    concurrency: Math.round(numberSetting(value('concurrency', 'BENCH_CONCURRENCY'), 'concurrency', 50, 1000, 1)),
    rampMs: numberSetting(value('ramp-seconds', 'BENCH_RAMP_SECONDS'), 'ramp', 5, 120, 0) * 1000,
    warmupMembers: Math.round(numberSetting(value('warmup-members', 'BENCH_WARMUP_MEMBERS'), 'warmup members', 10, 1000, 0)),
    baselineConcurrency: Math.round(numberSetting(source.BENCH_BASELINE_CONCURRENCY, 'BENCH_BASELINE_CONCURRENCY', 5, 1000, 1)),
    baselineWarmupMs: numberSetting(source.BENCH_BASELINE_WARMUP_SECONDS, 'BENCH_BASELINE_WARMUP_SECONDS', 2, 60, 0) * 1000,
    timeLimitMs: numberSetting(value('time-limit-seconds', 'BENCH_TIME_LIMIT_SECONDS'), 'time limit', 300, 3600, 30) * 1000,
    requestTimeoutMs: numberSetting(source.BENCH_REQUEST_TIMEOUT_SECONDS, 'BENCH_REQUEST_TIMEOUT_SECONDS', 30, 300) * 1000,
    serviceEnv: serviceEnvSetting(source.BENCH_SERVICE_ENV),
    nodeArgs: nodeArgsSetting(source.BENCH_NODE_ARGS),
  };
}
