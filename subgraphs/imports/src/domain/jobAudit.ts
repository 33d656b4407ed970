import type { Knex } from '@ems/db';
import { moveJob, type ImportJobRecord, type JobChanges } from '../data/jobs';
import type { OperatorAction } from '../flows/eventParticipants/membershipPort';
import type { OperatorScope } from './access';
import type { JobState } from './jobState';
import type { ColumnsState } from './stages/columns';

/**
 * The operators' audit log for imports (issue 20; the log is membership's, docs/decisions.md):
 * every import command an operator gives that changes a job is one entry, written in the
 * transaction of the change. What the worker does on its own (parsing, COMPLETED, FAILED, the
 * undo's end) is not an operator's action and is not logged. An entry holds the job's state and
 * the few fields the action is about, never the file's contents or a row's personal data.
 */
export type ImportAction =
  | 'import.uploaded'
  | 'import.corrections_uploaded'
  | 'import.columns_mapped'
  | 'import.cells_mapped'
  | 'import.fingerprint_acknowledged'
  | 'import.fingerprint_aborted'
  | 'import.cancelled'
  | 'import.undo_requested';

function entry(job: ImportJobRecord, action: ImportAction, before: unknown, after: unknown): OperatorAction {
  return { organisationId: job.organisationId, action, subjectType: 'import_job', subjectId: job.id, before, after };
}

/** A new job (an upload, or a corrections upload): what was imported where; the row count is not known yet. */
export function jobCreatedAction(job: ImportJobRecord): OperatorAction {
  const periodId = job.config.periodId;
  return entry(job, job.correctsJobId ? 'import.corrections_uploaded' : 'import.uploaded', null, {
    state: job.state,
    importType: job.importType,
    eventId: job.eventId,
    periodId: typeof periodId === 'number' ? periodId : null,
    sourceSystemId: job.sourceSystemId,
    fileName: job.config.fileName ?? null,
    fileBytes: job.config.fileBytes ?? null,
    fileSha256: job.fileSha256,
    rowsTotal: job.rowsTotal,
    alreadyImportedJobId: job.alreadyImportedJobId,
    correctsJobId: job.correctsJobId,
  });
}

/** A job's column mapping as an entry shows it: each header and its field, never a cell of the file. */
export function auditedMappings(columns: ColumnsState | null): Array<{ header: string; field: string | null }> {
  return (columns?.mappings ?? []).map((m) => ({ header: m.header, field: m.field }));
}

/**
 * An operator's move of a job: the compare-and-set and its audit entry in one transaction (the
 * entry exists exactly when the move does). `details` are the action's own fields beside the
 * state, before and after. False when the job had left `from` meanwhile: nothing is written.
 */
export async function moveJobAsOperator(
  db: Knex,
  scope: OperatorScope,
  job: ImportJobRecord,
  move: { from: JobState; to: JobState; changes?: JobChanges },
  action: ImportAction,
  details: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
): Promise<boolean> {
  return db.transaction(async (trx) => {
    if (!(await moveJob(trx, job.id, move.from, move.to, move.changes))) return false;
    await scope.recordActions(trx, [entry(job, action, { state: move.from, ...details.before }, { state: move.to, ...details.after })]);
    return true;
  });
}
