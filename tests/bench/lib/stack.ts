import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DevSecrets } from '@ems/router/src/dev/secrets';
import { freePort, startStack, STACK_SERVICES, type RunningStack, type StackService } from '@ems/router/src/dev/stack';
import type { ServiceEnv } from './env';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const STARTUP_LOG_LINES = 20;

/**
 * The whole system for a benchmark, on free loopback ports. Service output goes to `logFile`
 * (not stdout); if a service will not start, its last lines are printed, since the reason is
 * there and not in the health-check time-out. Everything to undo is pushed onto `cleanup`.
 */
export async function startBenchStack(options: {
  databaseUrl: string;
  secrets: DevSecrets;
  serviceEnv: ServiceEnv;
  logFile: string;
  cleanup: Array<() => Promise<void>>;
}): Promise<{ stack: RunningStack; ports: Record<StackService, number> }> {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'w' });
  options.cleanup.push(() => new Promise((resolve) => log.end(resolve)));
  const ports = {} as Record<StackService, number>;
  for (const s of STACK_SERVICES) ports[s] = await freePort();
  const recent: string[] = [];
  const onLog = (service: StackService, line: string) => {
    log.write(`${service}\t${line}\n`);
    recent.push(`${service}\t${line}`);
    if (recent.length > STARTUP_LOG_LINES) recent.shift();
  };
  const stack = await startStack({
    databaseUrl: options.databaseUrl,
    secrets: options.secrets,
    ports,
    env: options.serviceEnv,
    onLog,
  }).catch((err: unknown) => {
    console.error(`stack failed to start; last service log lines:\n${recent.join('\n')}`);
    throw err;
  });
  options.cleanup.push(() => stack.stop());
  console.log(`stack up (logs: ${path.relative(ROOT, options.logFile)})`);
  return { stack, ports };
}
