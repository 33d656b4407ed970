/** One look at a processing job: when, and how many rows it had done. */
export interface ProgressSample {
  at: number;
  rows: number;
}

export interface ProgressEstimate {
  /** Rows per second since the first look, once there is something to measure. */
  perSecond: number | null;
  /** Seconds until every row is done at that rate. */
  secondsLeft: number | null;
  /** 0..100 */
  percent: number | null;
}

/** At least this long between two looks before a rate means anything. */
const MIN_WINDOW_MS = 1000;

/**
 * Rows per second and time left, measured between the first look at the job while it was
 * processing (also after a reload, when rows were done already) and the latest.
 */
export function progressEstimate(first: ProgressSample | null, latest: ProgressSample, total: number | null): ProgressEstimate {
  const percent = total && total > 0 ? Math.min(100, Math.round((latest.rows / total) * 100)) : null;
  if (!first || latest.at - first.at < MIN_WINDOW_MS || latest.rows <= first.rows) return { perSecond: null, secondsLeft: null, percent };
  const perSecond = ((latest.rows - first.rows) * 1000) / (latest.at - first.at);
  const secondsLeft = total === null ? null : Math.max(0, total - latest.rows) / perSecond;
  return { perSecond, secondsLeft, percent };
}
