import type { ImportJobRecord } from '../data/jobs';
import { displayState, isTerminal } from './jobState';
import { IMPORT_TYPES } from './importTypes';
import { ignoredColumns } from './stages/columns';

/**
 * IImportJob as the common stages read it (REST `GET /api/imports/{id}` and GraphQL): everything
 * but the lease, the file's storage id and the worker's bookkeeping.
 */
export function toJobView(job: ImportJobRecord) {
  return {
    id: job.id,
    importType: job.importType,
    importTypeCode: IMPORT_TYPES[job.importType].code,
    callerKey: job.callerKey,
    state: job.state,
    displayState: displayState(job.state),
    terminal: isTerminal(job.state),
    organisationId: job.organisationId,
    eventId: job.eventId,
    sourceSystemId: job.sourceSystemId,
    fileSha256: job.fileSha256,
    alreadyImportedJobId: job.alreadyImportedJobId,
    /** The job whose corrected failed rows this one imports. */
    correctsJobId: job.correctsJobId,
    config: job.config,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    updatedAt: job.updatedAt.toISOString(),
    progress: { rowsTotal: job.rowsTotal, rowsProcessed: job.checkpoint === 0 ? 0 : Math.min(job.rowsTotal ?? 0, job.checkpoint - 1) },
    counts: job.counts,
    columns: job.columns,
    ignoredColumns: job.columns ? ignoredColumns(job.columns) : [],
    cells: job.cells,
    verification: job.verification,
    error: job.error,
    /** The undo, once asked for: who, when, its counts and how many records it left (docs/imports.md, "Undo"). */
    undo: job.undo,
  };
}

export type JobView = ReturnType<typeof toJobView>;
