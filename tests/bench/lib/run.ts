import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Writes a run's result as JSON (directories created) and says where. */
export function writeResult(file: string, result: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nresults: ${path.relative(ROOT, file)}`);
}

/** Undoes what a run set up, last first; a failing step is reported and the others still run. */
export async function runCleanup(cleanup: Array<() => Promise<void>>): Promise<void> {
  for (const step of cleanup.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup failed:', err);
      process.exitCode = 1;
    }
  }
}

/** After a stop, how long the phase under way may take to wind down before cleanup starts regardless. */
export const STOP_GRACE_MS = 30_000;
/** After a stop, the run ends after this at the latest, cleanup finished or not. */
const STOP_DEADLINE_MS = 90_000;

export class TimeLimitError extends Error {}

/** Rejects when `signal` aborts, so that a stuck phase cannot hold the run past its time limit. */
export function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const fire = () => reject(signal.reason instanceof Error ? signal.reason : new TimeLimitError(String(signal.reason)));
    if (signal.aborted) fire();
    else signal.addEventListener('abort', fire, { once: true });
  });
}

export interface BenchProcess<E> {
  /** How the benchmark names itself in its messages, e.g. `imports bench`. */
  name: string;
  loadEnv(): E;
  main(env: E, signal: AbortSignal, startedAtMs: number): Promise<void>;
  /** A one-line message for an expected failure (instead of a stack trace), or null. */
  describeFailure?(err: unknown): string | null;
  /** Called with the run's abort controller before anything starts (e.g. to lift its listener limit). */
  prepare?(abort: AbortController): void;
}

/**
 * A benchmark process: its environment parsed (or one line and exit 1), its main run under the
 * time limit and Ctrl-C (both abort the signal the phases watch), and an exit within
 * STOP_DEADLINE_MS of a stop even when cleanup hangs.
 */
export function runBenchProcess<E extends { timeLimitMs: number }>(bench: BenchProcess<E>): void {
  const startedAtMs = Date.now();
  const abort = new AbortController();
  bench.prepare?.(abort);
  process.once('SIGINT', () => abort.abort(new Error('interrupted')));
  process.once('SIGTERM', () => abort.abort(new Error('terminated')));
  let env: E;
  try {
    env = bench.loadEnv();
  } catch (err) {
    console.error(`${bench.name}:`, err instanceof Error ? err.message : err);
    process.exit(1);
  }
  const limit = setTimeout(() => abort.abort(new TimeLimitError(`time limit of ${env.timeLimitMs / 1000} s reached`)), env.timeLimitMs);
  abort.signal.addEventListener('abort', () => {
    setTimeout(() => {
      console.error(`${bench.name}: cleanup did not finish within ${STOP_DEADLINE_MS / 1000} s after the stop`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  });
  bench.main(env, abort.signal, startedAtMs).then(
    () => {
      clearTimeout(limit);
      process.exit(process.exitCode ?? 0);
    },
    (err: unknown) => {
      const line = bench.describeFailure?.(err);
      if (line) console.error(`${bench.name}: ${line}`);
      else console.error(`${bench.name} failed:`, err);
      process.exit(1);
    },
  );
}
