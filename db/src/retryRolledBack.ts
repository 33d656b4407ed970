import { setTimeout as sleep } from 'node:timers/promises';

/** PostgreSQL rolled the transaction back because of another one: a deadlock, a serialization failure. */
export const ROLLED_BACK_BY_ANOTHER: ReadonlySet<string> = new Set(['40P01', '40001']);

export interface RetryOptions {
  /** The SQLSTATEs after which the work runs again; ROLLED_BACK_BY_ANOTHER unless given. */
  codes?: ReadonlySet<string>;
  /** Runs in all, the first included; 3 unless given. */
  attempts?: number;
  /** Told before each new run, e.g. to log it. */
  onRetry?(code: string, attempt: number): void;
}

/**
 * Runs `work`, one transaction, again when it failed with one of `codes`: the transaction changed
 * nothing, so it can simply run again, after a short pause that lets the other transaction
 * finish. Any other error, or the last attempt's, goes to the caller. Used where a transaction may
 * meet another in a deadlock PostgreSQL breaks: import chunks, their undo, payment settlement.
 */
export async function retryRolledBack<T>(work: () => Promise<T>, o: RetryOptions = {}): Promise<T> {
  const { codes = ROLLED_BACK_BY_ANOTHER, attempts = 3 } = o;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code !== 'string' || !codes.has(code) || attempt >= attempts) throw err;
      o.onRetry?.(code, attempt);
      await sleep(attempt * (20 + Math.random() * 80));
    }
  }
}
