import type { StackService } from '@ems/router/src/dev/stack';
import { nodeArgsSetting, numberSetting, serviceEnvSetting } from '../lib/env';

/** The imports benchmark's configuration; the only file of the benchmark that reads process.env. */
export interface ImportsBenchEnv {
  /** A PostgreSQL server to create the scratch database on; unset: an embedded one. */
  databaseUrl: string | undefined;
  /** Rows of the large CSV (`--rows=N` or BENCH_IMPORT_ROWS); the acceptance run is 1,000,000. */
  rows: number;
  /** Rows of the small CSV (the first rows of the large one) and of the XLSX: the memory comparison. */
  smallRows: number;
  /** Persons of the organisation before the imports. */
  existingPersons: number;
  /** Rows of the E08 result file (whole file), one per participant (`--result-rows=N`); 0 skips E08. */
  resultRows: number;
  /** Rows of the M01 member list (`--member-rows=N`, default 100,000), and a fifth of them for the memory comparison; 0 skips M01. */
  memberRows: number;
  /** Small uploads whose job start delay is measured, one after the other, and their rows each. */
  delayJobs: number;
  delayJobRows: number;
  /** How often a job's state is read while it runs; the worker's memory is sampled as often. */
  pollMs: number;
  /** The whole run, database to cleanup, stops after this whatever happens. */
  timeLimitMs: number;
  /** Keep the generated files (their directory is printed) instead of deleting them at the end. */
  keepFiles: boolean;
  /** Extra environment per service, e.g. `{"imports":{"LOG_LEVEL":"warn"}}`, for what-if runs. */
  serviceEnv: Partial<Record<StackService, Record<string, string>>>;
  /** Extra Node options per service (BENCH_NODE_ARGS), e.g. `{"imports":["--cpu-prof"]}`. */
  nodeArgs: Partial<Record<StackService, string[]>>;
  /** Extra environment of the measured worker processes (BENCH_WORKER_ENV, JSON object of strings). */
  workerEnv: Record<string, string>;
}

/** `--name=value` arguments win over the environment, so `npm run bench:imports -- --rows=100000` works. */
function argument(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function workerEnvSetting(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || !Object.values(parsed).every((v) => typeof v === 'string')) {
    throw new Error('BENCH_WORKER_ENV must be a JSON object of strings, e.g. {"IMPORT_CHUNK_ROWS":"10000"}');
  }
  return parsed as Record<string, string>;
}

export function loadImportsBenchEnv(
  source: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): ImportsBenchEnv {
  const known = ['rows', 'small-rows', 'persons', 'result-rows', 'member-rows', 'delay-jobs', 'time-limit-seconds', 'keep-files'];
  const unknown = argv.filter((a) => !known.some((k) => a.startsWith(`--${k}=`)));
  if (unknown.length) throw new Error(`unknown arguments: ${unknown.join(' ')} (known: ${known.map((k) => `--${k}=`).join(' ')})`);
  const value = (arg: string, variable: string) => argument(argv, arg) ?? source[variable];
  const rows = Math.round(numberSetting(value('rows', 'BENCH_IMPORT_ROWS'), 'rows', 1_000_000, 2_000_000, 100));
  const smallRows = Math.round(
    numberSetting(value('small-rows', 'BENCH_IMPORT_SMALL_ROWS'), 'small rows', Math.min(100_000, rows), rows, 10),
  );
  return {
    databaseUrl: source.DATABASE_URL || undefined,
    rows,
    smallRows,
    existingPersons: Math.round(numberSetting(value('persons', 'BENCH_IMPORT_PERSONS'), 'persons', 200_000, 2_000_000, 1000)),
    resultRows: Math.round(numberSetting(value('result-rows', 'BENCH_IMPORT_RESULT_ROWS'), 'result rows', 200_000, 2_000_000, 0)),
    memberRows: Math.round(numberSetting(value('member-rows', 'BENCH_IMPORT_MEMBER_ROWS'), 'member rows', 100_000, 2_000_000, 0)),
    delayJobs: Math.round(numberSetting(value('delay-jobs', 'BENCH_IMPORT_DELAY_JOBS'), 'delay jobs', 50, 1000, 1)),
    delayJobRows: Math.round(numberSetting(source.BENCH_IMPORT_DELAY_JOB_ROWS, 'BENCH_IMPORT_DELAY_JOB_ROWS', 20, 10_000, 1)),
    pollMs: numberSetting(source.BENCH_IMPORT_POLL_MS, 'BENCH_IMPORT_POLL_MS', 250, 5000, 10),
    timeLimitMs: numberSetting(value('time-limit-seconds', 'BENCH_TIME_LIMIT_SECONDS'), 'time limit', 1800, 7200, 30) * 1000,
    keepFiles: ['1', 'true'].includes(value('keep-files', 'BENCH_IMPORT_KEEP_FILES') ?? ''),
    serviceEnv: serviceEnvSetting(source.BENCH_SERVICE_ENV),
    nodeArgs: nodeArgsSetting(source.BENCH_NODE_ARGS),
    workerEnv: workerEnvSetting(source.BENCH_WORKER_ENV),
  };
}
