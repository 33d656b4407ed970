import { ConflictError, NotFoundError } from '@ems/schema';
import type { ImportJobRecord } from '../../data/jobs';
import { undoRefusalsPage } from '../../data/undoRefusals';
import type { OperatorScope } from '../access';
import type { ImportsDeps } from '../commands';
import { moveJobAsOperator } from '../jobAudit';
import { displayState } from '../jobState';
import { toJobView } from '../jobView';
import { assertUndoable, requestedUndo, type UndoableState } from './jobUndo';

/**
 * undo (`POST /api/imports/{id}/undo`, GraphQL `undoImport`): the operator of a COMPLETED job
 * (or one cancelled or failed after writing rows, jobUndo.ts) asks for its undo. The job moves to UNDOING (a compare-and-set: of two requests, one wins, the
 * other is refused like a second undo) with its audit entry (`import.undo_requested`), and a
 * worker runs the undo in one transaction, ending UNDONE with the records it left listed, or back
 * in the state it was undone from with the error when it failed. Access as for cancel: operators of the job's
 * organisation.
 */
export async function undoImport(deps: ImportsDeps, scope: OperatorScope, jobId: string) {
  const job = await scope.job(jobId);
  assertUndoable(job, deps.processors[job.importType]);
  const from = job.state as UndoableState;
  const move = { from, to: 'UNDOING', changes: { undo: requestedUndo(scope.user.userKey, new Date(), from) } } as const;
  if (!(await moveJobAsOperator(deps.db, scope, job, move, 'import.undo_requested'))) {
    assertUndoable(await scope.job(jobId), deps.processors[job.importType]);
    throw new ConflictError('The import changed meanwhile; reload it', { code: 'IMPORT_STATE_CHANGED' });
  }
  await deps.schedule(job.id);
  return toJobView(await scope.job(jobId));
}

/** The undo with a page of the records it left (from the start when `after` is 0). */
export async function undoWithRefusals(deps: Pick<ImportsDeps, 'db'>, job: ImportJobRecord, page: { after: number; first: number }) {
  if (!job.undo) return null;
  return { ...job.undo, ...(await undoRefusalsPage(deps.db, job.id, page)) };
}

/** `GET /api/imports/{id}/undo`: the job's undo and the records it left, a page at a time. */
export async function importUndo(deps: ImportsDeps, scope: OperatorScope, jobId: string, page: { after: number; first: number }) {
  const job = await scope.job(jobId);
  const undo = await undoWithRefusals(deps, job, page);
  if (!undo) throw new NotFoundError('The import has not been undone', { code: 'IMPORT_NOT_UNDONE' });
  return { jobId: job.id, state: job.state, displayState: displayState(job.state), undo };
}
