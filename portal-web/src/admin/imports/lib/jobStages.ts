/**
 * What the common host shows for a job's state (docs/imports.md, "The job: states"). The host
 * knows stages, never flows: a flow without a stage (E08 has no verifying) just never is in it.
 */
export type HostStage = 'waiting' | 'columns' | 'cells' | 'verifying' | 'processing' | 'ended';

const STAGE_OF: Readonly<Record<string, HostStage>> = {
  QUEUED: 'waiting',
  PARSING: 'waiting',
  COLUMNS_NEEDED: 'columns',
  MATCHING_CELLS: 'waiting',
  CELLS_NEEDED: 'cells',
  VERIFYING: 'waiting',
  FINGERPRINT_WARNING: 'verifying',
  PROCESSING: 'processing',
  UNDOING: 'waiting',
};

/** A state this portal does not know yet waits like a worker state: the job is polled until it ends. */
export function hostStage(state: string, terminal: boolean): HostStage {
  return terminal ? 'ended' : (STAGE_OF[state] ?? 'waiting');
}

/** The step of the five the operator sees (read, columns, values, check, import), or null (the undo). */
const STEP_OF: Readonly<Record<string, number>> = {
  QUEUED: 0,
  PARSING: 0,
  COLUMNS_NEEDED: 1,
  MATCHING_CELLS: 2,
  CELLS_NEEDED: 2,
  VERIFYING: 3,
  FINGERPRINT_WARNING: 3,
  PROCESSING: 4,
};

export function stepOf(state: string): number | null {
  return STEP_OF[state] ?? null;
}

/** Cancel is offered in every state that has not ended except the undo (one worker transaction). */
export function isCancellable(state: string, terminal: boolean): boolean {
  return !terminal && state !== 'UNDOING';
}

/** The contract's polling interval is "a few seconds": two. */
export const HOST_POLL_MS = 2000;
