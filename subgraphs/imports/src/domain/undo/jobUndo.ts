import { ConflictError } from '@ems/schema';
import type { ImportJobRecord } from '../../data/jobs';
import { displayState, type JobState } from '../jobState';
import type { RowProcessor, UndoResult } from '../rowProcessor';

/**
 * The job's undo as stored (`import_jobs.undo`, docs/imports.md "Undo"): who asked and when,
 * and once a worker has run it, its counts and how many records it left; or why it failed (the
 * job is back in the state it was undone from and nothing was undone).
 */
export interface JobUndo {
  requestedBy: string;
  requestedAt: string;
  /** The state the job was undone from, and goes back to when the undo fails (absent: COMPLETED). */
  from?: UndoableState;
  finishedAt: string | null;
  error: { message: string } | null;
  counts: UndoResult['counts'];
  /** How many records the undo left as they are (listed in `imports.undo_refusals`). */
  refused: number;
}

/** What GraphQL's ImportUndo resolves from: the stored undo and its job (the refusals are read by page). */
export type ImportUndoParent = JobUndo & { jobId: string };

export type UndoableState = Extract<JobState, 'COMPLETED' | 'CANCELLED' | 'FAILED'>;

export function requestedUndo(userKey: string, now: Date, from: UndoableState = 'COMPLETED'): JobUndo {
  return { requestedBy: userKey, requestedAt: now.toISOString(), from, finishedAt: null, error: null, counts: [], refused: 0 };
}

export function finishedUndo(undo: JobUndo, result: UndoResult, now: Date): JobUndo {
  return { ...undo, finishedAt: now.toISOString(), error: null, counts: result.counts, refused: result.refused.length };
}

export function failedUndo(undo: JobUndo, message: string, now: Date): JobUndo {
  return { ...undo, finishedAt: now.toISOString(), error: { message } };
}

/**
 * Which jobs can be undone, once, in a flow that implements `undo`: a COMPLETED one, and a
 * CANCELLED or FAILED one that committed rows before it ended (its chunks stay written: the
 * operator removes them with the same undo). One that ended before writing has nothing to undo.
 */
export function assertUndoable(job: ImportJobRecord, processor: RowProcessor): void {
  const refusal = whyNotUndoable(job, processor);
  if (refusal) throw refusal;
}

/** Why the job cannot be undone now, or null when it can (ImportJob.undoable: the summary offers the undo). */
export function whyNotUndoable(job: Pick<ImportJobRecord, 'state' | 'counts'>, processor: RowProcessor): ConflictError | null {
  if (job.state === 'UNDOING') return new ConflictError('The import is being undone already', { code: 'IMPORT_ALREADY_UNDONE' });
  if (job.state === 'UNDONE')
    return new ConflictError('The import has already been undone; an import is undone once', { code: 'IMPORT_ALREADY_UNDONE' });
  const endedEarly = job.state === 'CANCELLED' || job.state === 'FAILED';
  if (job.state !== 'COMPLETED' && !(endedEarly && (job.counts?.rows ?? 0) > 0)) {
    return new ConflictError(
      `Only a completed import, or one cancelled or failed after it wrote rows, can be undone; this one is ${displayState(job.state)}${
        endedEarly ? ' and wrote none' : ''
      }`,
      { code: 'IMPORT_NOT_COMPLETED' },
    );
  }
  if (!processor.undo) return new ConflictError('Imports of this type cannot be undone', { code: 'IMPORT_UNDO_NOT_SUPPORTED' });
  return null;
}
