import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import { freePort, launchService } from '@ems/router/src/dev/stack';
import { e2eContext, type E2EContext } from './stackContext';

/**
 * The e2e stack's imports worker, for tests of what happens when a worker dies in the middle of a
 * job (the lease, the sweep, the checkpoint). The stack's worker process belongs to globalSetup,
 * so a test reaches it by its pid. A worker started here takes its place for the rest of the run:
 * it outlives the test file (it is not tied to the test's process, and its pid joins
 * `workerPidsFile`, which teardown stops), so the suites after it still have a worker.
 */

/** The pids of the stack's workers so far, the current one last. */
function workerPids(ctx: E2EContext): number[] {
  return readFileSync(ctx.workerPidsFile, 'utf8').split('\n').filter(Boolean).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to each process and waits until all of them are gone (at most `timeoutMs`). */
export async function killAndWait(pids: number[], signal: NodeJS.Signals, timeoutMs = 15_000): Promise<void> {
  const running = pids.filter(alive);
  for (const pid of running) process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  while (running.some(alive)) {
    if (Date.now() > deadline) throw new Error(`worker process(es) ${running.filter(alive).join(', ')} did not end after ${signal}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Stops the stack's current imports worker with `signal` (SIGKILL: a crash, nothing cleaned up). */
export async function stopWorker(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const pid = workerPids(e2eContext()).at(-1);
  if (pid !== undefined) await killAndWait([pid], signal);
}

/**
 * Starts an imports worker on the stack's database and waits for its health check; it becomes the
 * stack's current worker. Its log lines join the checked e2e log.
 */
export async function startWorker(env: Record<string, string> = {}): Promise<{ url: string; pid: number }> {
  const ctx = e2eContext();
  const port = await freePort();
  const log = openSync(ctx.logFile, 'a');
  try {
    const launched = await launchService(
      'worker',
      { databaseUrl: ctx.databaseUrl, secrets: ctx.secrets, ports: { ...ctx.ports, worker: port }, logs: { fd: log } },
      port,
      env,
    );
    // The worker is the stack's now, not this test file's: the test's process does not wait for it.
    launched.child.unref();
    const pid = launched.child.pid!;
    appendFileSync(ctx.workerPidsFile, `${pid}\n`);
    return { url: launched.url, pid };
  } finally {
    closeSync(log);
  }
}

/** Teardown: stops the workers tests started (the stack stops its own). */
export async function stopStartedWorkers(ctx: E2EContext): Promise<void> {
  await killAndWait(workerPids(ctx).slice(1), 'SIGTERM');
}
