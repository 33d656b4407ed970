import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DevSecrets } from '@ems/router/src/dev/secrets';
import { freePort, startStack, STACK_SERVICES, type RunningStack, type StackService } from '@ems/router/src/dev/stack';
import { buildServices } from '@ems/service-runtime/scripts/build-services';
import { UNLIMITED_RATES } from '../../support/rateLimits';
import type { ServiceEnv } from './env';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const STARTUP_LOG_LINES = 20;

/**
 * The whole system for a benchmark, on free loopback ports, running the compiled bundles as
 * production does: they are rebuilt first (esbuild takes a second or two), so that a benchmark
 * never measures stale code, nor tsx's loader and transforms. The services write their logs
 * straight into `logFile`: were they piped through this process, the load generator would spend
 * time on every log line, and more of it behind the router (two services log each request) than
 * direct. If a service will not start, the file's last lines are printed, since the reason is
 * there and not in the health-check time-out. Everything to undo is pushed onto `cleanup`.
 */
export async function startBenchStack(options: {
  databaseUrl: string;
  secrets: DevSecrets;
  serviceEnv: ServiceEnv;
  /** Extra Node options per service (BENCH_NODE_ARGS), e.g. to profile one. */
  nodeArgs?: Partial<Record<StackService, string[]>>;
  logFile: string;
  cleanup: Array<() => Promise<void>>;
}): Promise<{ stack: RunningStack; ports: Record<StackService, number> }> {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  closeSync(openSync(options.logFile, 'w'));
  // Appending: every service shares the file, and each line lands whole at its end.
  const fd = openSync(options.logFile, 'a');
  options.cleanup.push(async () => closeSync(fd));
  console.log('building the service bundles');
  await buildServices();
  const ports = {} as Record<StackService, number>;
  for (const s of STACK_SERVICES) ports[s] = await freePort();
  const stack = await startStack({
    databaseUrl: options.databaseUrl,
    secrets: options.secrets,
    ports,
    compiled: true,
    // The load comes from one address: the sign-in and pay-link limits would answer 429 to it.
    env: {
      ...options.serviceEnv,
      router: { ...UNLIMITED_RATES.router, ...options.serviceEnv.router },
      membership: { ...UNLIMITED_RATES.membership, ...options.serviceEnv.membership },
    },
    nodeArgs: options.nodeArgs,
    logs: { fd },
  }).catch((err: unknown) => {
    const recent = readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-STARTUP_LOG_LINES);
    console.error(`stack failed to start; last service log lines:\n${recent.join('\n')}`);
    throw err;
  });
  options.cleanup.push(() => stack.stop());
  console.log(`stack up (logs: ${path.relative(ROOT, options.logFile)})`);
  return { stack, ports };
}
