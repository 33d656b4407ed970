/**
 * The import job's state machine (docs/imports.md, "The job: states"). The contract names only the
 * terminal states COMPLETED, FAILED, CANCELLED and FINGERPRINT_ABORT (shown as FAILED); the
 * states in between are ours, and so are UNDOING and UNDONE (the undo of a completed import). Every move is a compare-and-set on the job row
 * (`data/jobs.ts` `moveJob`), checked against this table first.
 */
export const JOB_STATES = [
  'QUEUED',
  'PARSING',
  'COLUMNS_NEEDED',
  'MATCHING_CELLS',
  'CELLS_NEEDED',
  'VERIFYING',
  'FINGERPRINT_WARNING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'FINGERPRINT_ABORT',
  'UNDOING',
  'UNDONE',
] as const;

export type JobState = (typeof JOB_STATES)[number];

/** Who moves the job on from a state: a worker, the operator, or nobody (terminal). */
export type StateOwner = 'worker' | 'operator' | 'terminal';

interface StateRule {
  owner: StateOwner;
  next: readonly JobState[];
}

export const JOB_STATE_TABLE: Readonly<Record<JobState, StateRule>> = {
  QUEUED: { owner: 'worker', next: ['PARSING', 'CANCELLED'] },
  PARSING: { owner: 'worker', next: ['COLUMNS_NEEDED', 'MATCHING_CELLS', 'FAILED', 'CANCELLED'] },
  COLUMNS_NEEDED: { owner: 'operator', next: ['MATCHING_CELLS', 'CANCELLED'] },
  MATCHING_CELLS: { owner: 'worker', next: ['CELLS_NEEDED', 'VERIFYING', 'FAILED', 'CANCELLED'] },
  CELLS_NEEDED: { owner: 'operator', next: ['VERIFYING', 'CANCELLED'] },
  VERIFYING: { owner: 'worker', next: ['FINGERPRINT_WARNING', 'PROCESSING', 'FAILED', 'CANCELLED'] },
  FINGERPRINT_WARNING: { owner: 'operator', next: ['PROCESSING', 'FINGERPRINT_ABORT', 'CANCELLED'] },
  PROCESSING: { owner: 'worker', next: ['COMPLETED', 'FAILED', 'CANCELLED'] },
  // Ended; the operator may still undo it (docs/imports.md, "Undo"): a completed job, and a
  // cancelled or failed one that committed rows before it ended.
  COMPLETED: { owner: 'terminal', next: ['UNDOING'] },
  FAILED: { owner: 'terminal', next: ['UNDOING'] },
  CANCELLED: { owner: 'terminal', next: ['UNDOING'] },
  FINGERPRINT_ABORT: { owner: 'terminal', next: [] },
  // One transaction in a worker: it is not cancelled halfway; a failed undo changed nothing and
  // leaves the job in the state it was undone from (with the error in `undo`).
  UNDOING: { owner: 'worker', next: ['UNDONE', 'COMPLETED', 'CANCELLED', 'FAILED'] },
  UNDONE: { owner: 'terminal', next: [] },
};

export function canMove(from: JobState, to: JobState): boolean {
  return JOB_STATE_TABLE[from].next.includes(to);
}

/**
 * Whether the operator may cancel a job in `state`: any state that moves on to CANCELLED, but an
 * undo, which is one transaction and never half done (it goes back to CANCELLED only when the undo
 * of a cancelled job fails).
 */
export function canCancel(state: JobState): boolean {
  return state !== 'UNDOING' && canMove(state, 'CANCELLED');
}

export function isTerminal(state: JobState): boolean {
  return JOB_STATE_TABLE[state].owner === 'terminal';
}

export function isWorkerState(state: JobState): boolean {
  return JOB_STATE_TABLE[state].owner === 'worker';
}

export const WORKER_STATES: readonly JobState[] = JOB_STATES.filter(isWorkerState);

/** What the summary shows: a fingerprint abort is presented as FAILED (contract). */
export type DisplayState = Exclude<JobState, 'FINGERPRINT_ABORT'>;

export function displayState(state: JobState): DisplayState {
  return state === 'FINGERPRINT_ABORT' ? 'FAILED' : state;
}
