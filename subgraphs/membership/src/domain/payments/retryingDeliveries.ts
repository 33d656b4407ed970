/** Waits before the 2nd, 3rd, … attempt: about 2¼ hours in all, then the next start takes over. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000, 5_400_000];

export interface DeliveryFailure {
  err: unknown;
  /** 1 for the first attempt. */
  attempt: number;
  /** Another attempt is scheduled (false: given up until the next start, or stopping). */
  willRetry: boolean;
}

/**
 * Background deliveries retried with backoff until they succeed, as payment providers retry their
 * webhooks. Only in memory: the caller keeps what is still undelivered in its storage and hands
 * it back on start. One delivery per key at a time, so a repeated click or the start's pass does
 * not start a second one beside it. `stop()` drops the waiting retries and waits for the attempts
 * under way, so that nothing keeps the process alive or touches the database after it closed.
 */
export class RetryingDeliveries {
  private readonly pending = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly delaysMs: readonly number[],
    private readonly onFailure: (key: string, failure: DeliveryFailure) => void,
  ) {}

  /** Starts delivering now, unless a delivery for this key is under way or waiting, or stopped. */
  deliver(key: string, attempt: () => Promise<void>): void {
    if (this.stopped || this.pending.has(key)) return;
    this.pending.add(key);
    this.attempt(key, attempt, 0);
  }

  private attempt(key: string, attempt: () => Promise<void>, failures: number): void {
    const running: Promise<void> = attempt()
      .then(
        () => void this.pending.delete(key),
        (err: unknown) => {
          const delay = this.delaysMs[failures];
          const willRetry = delay !== undefined && !this.stopped;
          this.onFailure(key, { err, attempt: failures + 1, willRetry });
          if (!willRetry) return void this.pending.delete(key);
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.attempt(key, attempt, failures + 1);
          }, delay);
          // A waiting retry never keeps the process alive: what is undelivered stays stored.
          timer.unref();
          this.timers.add(timer);
        },
      )
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
    await Promise.allSettled([...this.running]);
  }
}
