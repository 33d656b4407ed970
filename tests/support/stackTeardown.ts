import { readFileSync } from 'node:fs';
import { releaseDatabaseServer } from './databaseServer';
import { stopStartedWorkers } from './stackWorker';
import type { E2EContext } from './stackContext';

const holder = globalThis as typeof globalThis & {
  __emsStack?: { stack: { stop(): Promise<void> }; drop(): Promise<void>; context: E2EContext; mail: { stop(): Promise<void> } };
};

/** Stops the system, drops its database, then fails the run if any log line holds a secret. */
export default async function teardown(): Promise<void> {
  const running = holder.__emsStack;
  if (!running) return;
  await running.stack.stop();
  await stopStartedWorkers(running.context);
  await running.mail.stop();
  await running.drop();
  await releaseDatabaseServer();
  const { secrets, logFile, secretsSeenFile } = running.context;
  const log = readFileSync(logFile, 'utf8');
  const seen = readFileSync(secretsSeenFile, 'utf8').split('\n').filter(Boolean);
  const leaked = [
    ...Object.entries(secrets).map(([name, value]) => ({ name, value })),
    ...seen.map((value) => ({ name: 'token or session id', value })),
  ].filter(({ value }) => value.length >= 16 && log.includes(value));
  if (leaked.length) {
    throw new Error(`Secrets found in service logs (${logFile}): ${[...new Set(leaked.map((l) => l.name))].join(', ')}`);
  }
}
