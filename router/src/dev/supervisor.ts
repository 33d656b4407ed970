import type { ChildProcess } from 'node:child_process';

/** Where a supervised service stands, for the launcher's log. */
export type SupervisorEvent =
  | { kind: 'exited'; service: string; code: number | null; signal: NodeJS.Signals | null; restartInMs: number; attempt: number }
  | { kind: 'back'; service: string; pid: number; afterMs: number; attempt: number }
  | { kind: 'failedToStart'; service: string; error: string; attempt: number };

export interface Backoff {
  /** The wait before the first restart. */
  initialMs: number;
  /** The wait never grows beyond this. */
  maxMs: number;
  /** A process that ran this long before it died starts the backoff from the beginning again. */
  resetAfterMs: number;
}

/**
 * The first restart comes quickly (a one-off crash costs half a second), a process that keeps
 * dying is retried less and less often, and one that ran for a minute counts as healthy again.
 */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 10_000, resetAfterMs: 60_000 };

export interface SupervisedProcess {
  /** The running process (a new one after each restart). */
  readonly child: ChildProcess;
  /** Ends the supervision and then the process: an intended stop is not restarted. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** What the supervisor needs of a launch: a process that answers its health check, and how to stop it. */
export interface Launched {
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Keeps one service process running, as systemd's `Restart=always` would on a server: when the
 * process ends without being asked to, it is started again after a growing wait (`backoff`), and
 * each exit and return is reported. `launch` must resolve once the new process is healthy.
 */
export async function superviseProcess(
  service: string,
  launch: () => Promise<Launched>,
  onEvent: (event: SupervisorEvent) => void,
  backoff: Backoff = DEFAULT_BACKOFF,
): Promise<SupervisedProcess> {
  let current = await launch();
  let stopping = false;
  let waitMs = backoff.initialMs;
  let attempt = 0;
  let startedAt = Date.now();
  let pendingRestart: NodeJS.Timeout | undefined;

  const restartLater = (delayMs: number) => {
    pendingRestart = setTimeout(() => {
      pendingRestart = undefined;
      const began = Date.now();
      launch().then(
        (next) => {
          if (stopping) return void next.stop();
          current = next;
          startedAt = Date.now();
          onEvent({ kind: 'back', service, pid: next.child.pid ?? 0, afterMs: Date.now() - began + delayMs, attempt });
          watch(next.child);
        },
        (err: unknown) => {
          if (stopping) return;
          onEvent({ kind: 'failedToStart', service, error: err instanceof Error ? err.message : String(err), attempt });
          scheduleRestart(null);
        },
      );
    }, delayMs);
  };

  /** `exit`: how a running process ended; null when a restart itself did not come up. */
  const scheduleRestart = (exit: { code: number | null; signal: NodeJS.Signals | null } | null) => {
    if (exit && Date.now() - startedAt >= backoff.resetAfterMs) waitMs = backoff.initialMs;
    attempt += 1;
    const delay = waitMs;
    waitMs = Math.min(waitMs * 2, backoff.maxMs);
    if (exit) onEvent({ kind: 'exited', service, ...exit, restartInMs: delay, attempt });
    restartLater(delay);
  };

  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping || child !== current.child) return;
      scheduleRestart({ code, signal });
    });
  };
  watch(current.child);

  return {
    get child() {
      return current.child;
    },
    stop: async (signal) => {
      stopping = true;
      clearTimeout(pendingRestart);
      await current.stop(signal);
    },
  };
}

/** The launcher's log line for a supervisor event. */
export function describeSupervisorEvent(event: SupervisorEvent): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  switch (event.kind) {
    case 'exited': {
      const how = event.signal ? `was killed (${event.signal})` : `exited with code ${event.code}`;
      return `${event.service} ${how}; restarting in ${seconds(event.restartInMs)} (restart ${event.attempt})`;
    }
    case 'back':
      return `${event.service} is back and healthy (pid ${event.pid}, ${seconds(event.afterMs)} after it stopped)`;
    case 'failedToStart':
      return `${event.service} did not come back (restart ${event.attempt}): ${event.error}; trying again`;
  }
}
