import type { StackService } from '@ems/router/src/dev/stack';
import { nodeArgsSetting, numberSetting, serviceEnvSetting } from '../lib/env';

/** The partner benchmark's configuration; the only file of the benchmark that reads process.env. */
export interface PartnerBenchEnv {
  /** A PostgreSQL server to create the scratch database on; unset: an embedded one. */
  databaseUrl: string | undefined;
  /** Members of the demo club the partner pages through (`--members=N`); the acceptance run is 100,000. */
  members: number;
  /** Rows a page asks for (`--page-size=N`, at most the API's 500). */
  pageSize: number;
  /** Full passes measured (`--passes=N`), after one warm-up pass over the first pages. */
  passes: number;
  timeLimitMs: number;
  serviceEnv: Partial<Record<StackService, Record<string, string>>>;
  nodeArgs: Partial<Record<StackService, string[]>>;
}

function argument(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** `--name=value` arguments win over the environment: `npm run bench:partner -- --members=2000`. */
export function loadPartnerBenchEnv(
  source: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): PartnerBenchEnv {
  const known = ['members', 'page-size', 'passes', 'time-limit-seconds'];
  const unknown = argv.filter((a) => !known.some((k) => a.startsWith(`--${k}=`)));
  if (unknown.length) throw new Error(`unknown arguments: ${unknown.join(' ')} (known: ${known.map((k) => `--${k}=`).join(' ')})`);
  const value = (arg: string, variable: string) => argument(argv, arg) ?? source[variable];
  return {
    databaseUrl: source.DATABASE_URL || undefined,
    members: Math.round(numberSetting(value('members', 'BENCH_PARTNER_MEMBERS'), 'members', 100_000, 2_000_000, 10)),
    pageSize: Math.round(numberSetting(value('page-size', 'BENCH_PARTNER_PAGE_SIZE'), 'page size', 500, 500, 1)),
    passes: Math.round(numberSetting(value('passes', 'BENCH_PARTNER_PASSES'), 'passes', 3, 20, 1)),
    timeLimitMs: numberSetting(value('time-limit-seconds', 'BENCH_TIME_LIMIT_SECONDS'), 'time limit', 900, 7200, 30) * 1000,
    serviceEnv: serviceEnvSetting(source.BENCH_SERVICE_ENV),
    nodeArgs: nodeArgsSetting(source.BENCH_NODE_ARGS),
  };
}
