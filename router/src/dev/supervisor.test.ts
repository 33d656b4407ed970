import { spawn, type ChildProcess } from 'node:child_process';
import { superviseProcess, describeSupervisorEvent, type Launched, type SupervisorEvent } from './supervisor';

/** A process that runs `script` (plain Node), stopped by a signal. */
function launchNode(script: string): Launched {
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  return {
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => child.once('exit', () => resolve()));
const waitFor = async (done: () => boolean, withinMs = 5_000) => {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const FAST = { initialMs: 20, maxMs: 80, resetAfterMs: 60_000 };

describe('the launcher restarts a service that dies', () => {
  it('starts it again after a crash, waiting longer each time it keeps dying, up to the maximum', async () => {
    const events: SupervisorEvent[] = [];
    // Each process dies 50 ms after it came up: a crash loop.
    const supervised = await superviseProcess(
      'crashy',
      async () => launchNode('setTimeout(() => process.exit(3), 50)'),
      (e) => events.push(e),
      FAST,
    );
    await waitFor(() => events.filter((e) => e.kind === 'exited').length >= 4);
    await supervised.stop();
    const waits = events.flatMap((e) => (e.kind === 'exited' ? [e.restartInMs] : []));
    expect(waits.slice(0, 4)).toEqual([20, 40, 80, 80]);
    expect(events.find((e) => e.kind === 'exited')).toMatchObject({ service: 'crashy', code: 3, signal: null, attempt: 1 });
    expect(events.some((e) => e.kind === 'back')).toBe(true);
  });

  it('reports a kill and the return with the new pid', async () => {
    const events: SupervisorEvent[] = [];
    const supervised = await superviseProcess(
      'steady',
      async () => launchNode('setInterval(() => {}, 1000)'),
      (e) => events.push(e),
      FAST,
    );
    const first = supervised.child.pid!;
    process.kill(first, 'SIGKILL');
    await waitFor(() => events.some((e) => e.kind === 'back'));
    expect(supervised.child.pid).not.toBe(first);
    expect(events.map(describeSupervisorEvent)).toEqual([
      'steady was killed (SIGKILL); restarting in 0.0 s (restart 1)',
      expect.stringMatching(new RegExp(`^steady is back and healthy \\(pid ${supervised.child.pid}, \\d+\\.\\d s after it stopped\\)$`)),
    ]);
    await supervised.stop();
  });

  it('does not restart a process it was asked to stop', async () => {
    const events: SupervisorEvent[] = [];
    const supervised = await superviseProcess(
      'stopped',
      async () => launchNode('setInterval(() => {}, 1000)'),
      (e) => events.push(e),
      FAST,
    );
    const child = supervised.child;
    await supervised.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(child.signalCode).toBe('SIGTERM');
    expect(events).toEqual([]);
  });

  it('keeps trying when a restart does not come up, and says so', async () => {
    const events: SupervisorEvent[] = [];
    let launches = 0;
    const supervised = await superviseProcess(
      'flaky',
      async () => {
        launches += 1;
        if (launches === 2) throw new Error('timed out waiting for its health check');
        return launchNode('setInterval(() => {}, 1000)');
      },
      (e) => events.push(e),
      FAST,
    );
    const first = supervised.child;
    first.kill('SIGKILL');
    await exited(first);
    await waitFor(() => events.some((e) => e.kind === 'back'));
    expect(events.map((e) => e.kind)).toEqual(['exited', 'failedToStart', 'back']);
    expect(describeSupervisorEvent(events[1]!)).toBe(
      'flaky did not come back (restart 1): timed out waiting for its health check; trying again',
    );
    await supervised.stop();
  });
});
