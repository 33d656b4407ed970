import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDevSecrets } from '@ems/router/src/dev/secrets';
import { freePort, startStack, STACK_SERVICES, type RunningStack, type StackService } from '@ems/router/src/dev/stack';
import { acquireDatabaseServer } from './databaseServer';
import { UNLIMITED_RATES } from './rateLimits';
import { startMailSink } from './mailSink';
import { demoScratchDatabase } from './scratchDatabase';
import type { E2EContext } from './stackContext';

export const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts');
const holder = globalThis as typeof globalThis & {
  __emsStack?: { stack: RunningStack; drop(): Promise<void>; context: E2EContext; mail: { stop(): Promise<void> } };
};

/**
 * Starts the real system for the e2e suites: a fresh database (migrated, demo seed with secrets
 * made for this run), the three subgraphs, the imports and membership workers and the router as separate processes
 * (tests stop and start the worker through stackWorker.ts). Every line the
 * processes log goes to test-artifacts/logs/e2e-stack.log, which teardown searches for secrets.
 */
export default async function setup(): Promise<void> {
  const serverUrl = await acquireDatabaseServer();
  const secrets = generateDevSecrets();
  const db = await demoScratchDatabase(serverUrl, 'ems_e2e', secrets);

  mkdirSync(path.join(ARTIFACTS, 'logs'), { recursive: true });
  const logFile = path.join(ARTIFACTS, 'logs', 'e2e-stack.log');
  const secretsSeenFile = path.join(ARTIFACTS, 'logs', 'secrets-seen.txt');
  writeFileSync(secretsSeenFile, '');
  const log = createWriteStream(logFile, { flags: 'w' });
  const mailDir = path.join(ARTIFACTS, 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  const mail = await startMailSink(mailDir);
  const ports = {} as Record<StackService, number>;
  for (const s of STACK_SERVICES) ports[s] = await freePort();
  const stack = await startStack({
    databaseUrl: db.url,
    secrets,
    ports,
    env: {
      // Every test comes from 127.0.0.1: the rate limits are tested on routers of their own.
      router: UNLIMITED_RATES.router,
      membership: { API_KEY_CACHE_SECONDS: '2', SMTP_URL: mail.url, ...UNLIMITED_RATES.membership },
      // The membership worker sends every e-mail (the service only queues them; its SMTP_URL says
      // the outbox is not the users' local one).
      membershipWorker: { SMTP_URL: mail.url },
      forms: { API_KEY_CACHE_SECONDS: '2' },
      imports: { API_KEY_CACHE_SECONDS: '2' },
    },
    logs: { onLine: (service, line) => log.write(`${service}\t${line}\n`) },
  });
  const workerPidsFile = path.join(ARTIFACTS, 'logs', 'e2e-worker-pids.txt');
  writeFileSync(workerPidsFile, `${stack.pids.worker}\n`);
  const context: E2EContext = {
    urls: stack.urls,
    ports,
    pids: stack.pids,
    workerPidsFile,
    databaseUrl: db.url,
    secrets,
    logFile,
    secretsSeenFile,
    mailDir,
  };
  process.env.EMS_E2E_CONTEXT = JSON.stringify(context);
  holder.__emsStack = { stack, drop: db.drop, context, mail };
}
