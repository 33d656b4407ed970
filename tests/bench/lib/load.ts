import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  /** Workers, each with one request in flight at a time (closed loop). */
  concurrency: number;
  /** Requests before this are sent but not recorded (JIT, pools, connections). */
  warmupMs: number;
  /** Length of the measured window after the warm-up. */
  durationMs: number;
  /** Upper bound on measured requests, whatever the duration. */
  maxRequests: number;
  /** One request; rejects when the response is not what the scenario expects. */
  request: (worker: number) => Promise<void>;
  /** Stops the loop early (e.g. Ctrl-C); the run then rejects. */
  signal?: AbortSignal;
  /** Ends the run normally when aborted, before `durationMs` (a load that runs beside another until it is done). */
  until?: AbortSignal;
}

export interface LoadResult {
  concurrency: number;
  /** Latencies of the successful measured requests, ms. */
  latenciesMs: Float64Array;
  /** Successful measured requests per second of the measured window. */
  throughput: number;
  measuredMs: number;
  /** Every request sent, warm-up and failures included. */
  sent: number;
  errors: number;
  firstError?: string;
}

/**
 * A bounded closed-loop load: `concurrency` workers send back to back for warm-up plus duration.
 * A request counts as measured when it starts inside the measured window; the window ends when
 * the last of those completes, so throughput is never flattered by work left in flight.
 */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const start = performance.now();
  const measureFrom = start + o.warmupMs;
  const stopAt = measureFrom + o.durationMs;
  const latencies = new Float64Array(o.maxRequests);
  let measured = 0;
  let sent = 0;
  let errors = 0;
  let firstError: string | undefined;
  let lastEnd = measureFrom;

  const worker = async (index: number) => {
    for (;;) {
      if (o.signal?.aborted || o.until?.aborted) return;
      const t0 = performance.now();
      if (t0 >= stopAt || measured >= o.maxRequests) return;
      const inWindow = t0 >= measureFrom;
      // Claim the slot before awaiting so that maxRequests holds across workers.
      const slot = inWindow ? measured++ : -1;
      sent++;
      try {
        await o.request(index);
        const t1 = performance.now();
        if (slot >= 0) {
          latencies[slot] = t1 - t0;
          lastEnd = Math.max(lastEnd, t1);
        }
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
        if (slot >= 0) latencies[slot] = Number.NaN;
      }
    }
  };

  await Promise.all(Array.from({ length: o.concurrency }, (_, i) => worker(i)));
  if (o.signal?.aborted) throw new Error('load run aborted');
  const ok = latencies.subarray(0, measured).filter((v) => !Number.isNaN(v));
  const measuredMs = Math.max(lastEnd - measureFrom, 1);
  return {
    concurrency: o.concurrency,
    latenciesMs: ok,
    throughput: (ok.length / measuredMs) * 1000,
    measuredMs,
    sent,
    errors,
    firstError,
  };
}

/** One result from several runs of the same load (e.g. slices interleaved with another target). */
export function mergeLoadResults(results: readonly LoadResult[]): LoadResult {
  if (results.length === 0) throw new Error('nothing to merge');
  const latencies = new Float64Array(results.reduce((n, r) => n + r.latenciesMs.length, 0));
  let offset = 0;
  for (const r of results) {
    latencies.set(r.latenciesMs, offset);
    offset += r.latenciesMs.length;
  }
  const measuredMs = results.reduce((t, r) => t + r.measuredMs, 0);
  return {
    concurrency: results[0]!.concurrency,
    latenciesMs: latencies,
    throughput: (latencies.length / measuredMs) * 1000,
    measuredMs,
    sent: results.reduce((n, r) => n + r.sent, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstError: results.find((r) => r.firstError)?.firstError,
  };
}
