import type { Knex } from '@ems/db';
import { ConflictError, InputError, NotFoundError, PayloadTooLargeError } from '@ems/schema';
import { isAcceptedText } from '@ems/schema/rules';
import { storeFile } from '../data/files';
import { findCompletedImportOfFile, insertJob, jobsCorrecting, recentJobs, type ImportJobRecord, type JobChanges } from '../data/jobs';
import { rowResultsPage, mergeCandidatesOfJob } from '../data/rowResults';
import { listSourceSystems, listTemplateVariants } from '../data/sourceSystems';
import type { ParticipantsPort } from '../flows/eventParticipants/membershipPort';
import type { Processors } from '../flows';
import type { OperatorScope } from './access';
import type { PreparedUpload } from './rowProcessor';
import type { CsvChoice } from '../parsing';
import { parseCsvChoice } from './formFields';
import { visibleSourceSystem } from './sourceSystemAccess';
import { IMPORT_TYPES, type ImportType } from './importTypes';
import { canCancel, displayState, isTerminal, type JobState } from './jobState';
import { toJobView } from './jobView';
import { auditedMappings, jobCreatedAction, moveJobAsOperator, type ImportAction } from './jobAudit';
import { undoWithRefusals } from './undo/commands';
import { applyOperatorMappings, type ColumnMode, type ColumnsState } from './stages/columns';
import { applyCellChoices, type CellChoice, type CellsState } from './stages/cells';

export interface ImportsDeps {
  db: Knex;
  participants: ParticipantsPort;
  processors: Processors;
  /** Queues a worker run of the job. */
  schedule(jobId: string): Promise<void>;
}

export interface Upload {
  fileName: string;
  contentType: string | null;
  /** The file's bytes; consumed once. */
  body: AsyncIterable<Buffer>;
}

/**
 * The name an upload is stored and listed under, as the client sent it (REST and GraphQL alike):
 * "upload" when it sent none; refused when it carries control characters (the text rule that
 * every other input meets; PostgreSQL would refuse a NUL byte outright).
 */
export function uploadFileName(sent: string | null | undefined): string {
  if (!sent) return 'upload';
  if (!isAcceptedText(sent)) throw new InputError('The file name contains control characters', { code: 'INVALID_CHARACTERS' });
  return sent;
}

/** An upload over the limit (IMPORT_MAX_UPLOAD_BYTES), REST and GraphQL alike: 413, naming the limit where the caller knows it. */
export function uploadTooLarge(maxBytes?: number): PayloadTooLargeError {
  const limit = maxBytes === undefined ? '' : ` of ${Math.floor(maxBytes / (1024 * 1024))} MiB`;
  return new PayloadTooLargeError(`The upload is larger than the limit${limit}`, { code: 'UPLOAD_TOO_LARGE' });
}

/**
 * Every flow's upload (`PUT /api/<importerKey>/import` and its GraphQL twin): stores the file with
 * its SHA-256, lets the flow read its form fields and check the target (bookend item 5), creates
 * the job (QUEUED) and queues it, in one transaction for the file, the job and its audit entry. A
 * file already imported into the same target is flagged (`alreadyImportedJobId`); processing it
 * again changes nothing, row by row.
 */
export async function uploadImport(
  deps: ImportsDeps,
  scope: OperatorScope,
  importType: ImportType,
  fields: Record<string, string> | Promise<Record<string, string>>,
  upload: Upload,
) {
  const organisationIds = await scope.requireOperator();
  return createImportJob(deps, scope, importType, upload, async (trx) => {
    const form = await fields;
    const prepared = await deps.processors[importType].prepareUpload(trx, { fields: form, user: scope.user, organisationIds });
    return { ...prepared, csvChoice: parseCsvChoice(form) };
  });
}

/**
 * A new job from an uploaded file (every flow's upload, and a corrections upload): stores the
 * file, asks `prepare` for the job's target and configJson once the file is in, creates the job
 * (QUEUED) and its audit entry (`import.uploaded`, `import.corrections_uploaded`) in the same
 * transaction, and queues it.
 */
export async function createImportJob(
  deps: ImportsDeps,
  scope: OperatorScope,
  importType: ImportType,
  upload: Upload,
  prepare: (trx: Knex.Transaction) => Promise<PreparedUpload & { correctsJobId?: string; csvChoice?: CsvChoice | null }>,
) {
  const job = await deps.db.transaction(async (trx) => {
    const file = await storeFile(trx, upload.fileName, upload.contentType, upload.body);
    if (file.byteSize === 0) throw new InputError('The file is empty', { code: 'EMPTY_FILE' });
    const prepared = await prepare(trx);
    const target = { importType, organisationId: prepared.organisationId, eventId: prepared.eventId, fileSha256: file.sha256 };
    const created = await insertJob(trx, {
      ...target,
      callerKey: IMPORT_TYPES[importType].callerKey,
      registrationSystemId: prepared.registrationSystemId,
      createdBy: scope.user.userKey,
      fileId: file.id,
      // The CSV choice belongs to this file only (a corrections job copies the rest of the config).
      config: { ...prepared.config, fileName: upload.fileName, fileBytes: file.byteSize, csvChoice: prepared.csvChoice ?? null },
      sourceSystemId: prepared.sourceSystemId,
      alreadyImportedJobId: await findCompletedImportOfFile(trx, target),
      correctsJobId: prepared.correctsJobId ?? null,
    });
    await scope.recordActions(trx, [jobCreatedAction(created)]);
    return created;
  });
  await deps.schedule(job.id);
  return toJobView(job);
}

function changedMeanwhile(job: ImportJobRecord, expected: JobState): ConflictError {
  return new ConflictError(`The import is in state ${job.state}, not ${expected}: reload it`, { code: 'IMPORT_STATE_CHANGED' });
}

/** An operator's answer at a stage: the move with its audit entry, then the worker goes on (unless aborted). */
async function moveOrConflict(
  deps: ImportsDeps,
  scope: OperatorScope,
  job: ImportJobRecord,
  move: { from: JobState; to: JobState; changes: JobChanges },
  action: ImportAction,
  details?: Parameters<typeof moveJobAsOperator>[5],
) {
  const { from, to } = move;
  if (job.state !== from) throw changedMeanwhile(job, from);
  if (!(await moveJobAsOperator(deps.db, scope, job, move, action, details))) throw changedMeanwhile(await scope.job(job.id), from);
  if (to !== 'FINGERPRINT_ABORT') await deps.schedule(job.id);
  return toJobView(await scope.job(job.id));
}

function modeOf(job: ImportJobRecord): ColumnMode {
  return { source: (job.config.sourceKind as ColumnMode['source'] | undefined) ?? 'none' };
}

/** submitColumnMappings: the operator's answer in COLUMNS_NEEDED. */
export async function submitColumnMappings(
  deps: ImportsDeps,
  scope: OperatorScope,
  jobId: string,
  choices: ReadonlyArray<{ column: number; field: string | null }>,
) {
  const job = await scope.job(jobId);
  if (job.state !== 'COLUMNS_NEEDED') throw changedMeanwhile(job, 'COLUMNS_NEEDED');
  const columns = applyOperatorMappings(
    job.columns as ColumnsState,
    choices,
    deps.processors[job.importType].fields(job.config),
    modeOf(job),
  );
  return moveOrConflict(deps, scope, job, { from: 'COLUMNS_NEEDED', to: 'MATCHING_CELLS', changes: { columns } }, 'import.columns_mapped', {
    before: { mappings: auditedMappings(job.columns) },
    after: { mappings: auditedMappings(columns) },
  });
}

/** submitCellMappings: the operator's answer in CELLS_NEEDED. */
export async function submitCellMappings(deps: ImportsDeps, scope: OperatorScope, jobId: string, choices: readonly CellChoice[]) {
  const job = await scope.job(jobId);
  if (job.state !== 'CELLS_NEEDED') throw changedMeanwhile(job, 'CELLS_NEEDED');
  const cells = applyCellChoices(job.cells as CellsState, choices);
  // How many values were answered, not the values: a cell may be a row's personal data.
  return moveOrConflict(deps, scope, job, { from: 'CELLS_NEEDED', to: 'VERIFYING', changes: { cells } }, 'import.cells_mapped', {
    after: { cellChoices: choices.length },
  });
}

/** resumeFromFingerprint: go on despite the F7 warning, or abort (shown as FAILED). */
export async function resumeFromFingerprint(deps: ImportsDeps, scope: OperatorScope, jobId: string, decision: 'ACKNOWLEDGE' | 'ABORT') {
  const job = await scope.job(jobId);
  if (decision === 'ABORT') {
    const error = { message: 'Stopped at the fingerprint warning: wrong file or wrong source system' };
    return moveOrConflict(
      deps,
      scope,
      job,
      { from: 'FINGERPRINT_WARNING', to: 'FINGERPRINT_ABORT', changes: { finishedAt: new Date(), error } },
      'import.fingerprint_aborted',
    );
  }
  const verification = job.verification ? { ...job.verification, acknowledged: true } : null;
  return moveOrConflict(
    deps,
    scope,
    job,
    { from: 'FINGERPRINT_WARNING', to: 'PROCESSING', changes: { verification } },
    'import.fingerprint_acknowledged',
  );
}

/**
 * cancel: from any state that has not ended. A worker in the middle of a chunk finds the state
 * changed at its commit and rolls the chunk back, so a cancelled job writes nothing more.
 */
export async function cancelImport(deps: ImportsDeps, scope: OperatorScope, jobId: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const job = await scope.job(jobId);
    if (isTerminal(job.state)) {
      throw new ConflictError(`The import has already ended (${displayState(job.state)})`, { code: 'IMPORT_ENDED' });
    }
    if (!canCancel(job.state)) {
      throw new ConflictError(`The import cannot be cancelled while it is ${job.state}`, { code: 'IMPORT_NOT_CANCELLABLE' });
    }
    const move = { from: job.state, to: 'CANCELLED', changes: { finishedAt: new Date() } } as const;
    if (await moveJobAsOperator(deps.db, scope, job, move, 'import.cancelled')) return toJobView(await scope.job(jobId));
  }
  throw new ConflictError('The import kept changing; try again', { code: 'IMPORT_STATE_CHANGED' });
}

export async function getImport(scope: OperatorScope, jobId: string) {
  return toJobView(await scope.job(jobId));
}

/** getJob as `GET /api/imports/{id}` answers it: the job, and the jobs that imported its corrected failed rows. */
export async function getImportWithCorrections(deps: ImportsDeps, scope: OperatorScope, jobId: string) {
  const view = await getImport(scope, jobId);
  return { ...view, correctedByJobIds: (await jobsCorrecting(deps.db, [view.id])).map((j) => j.id) };
}

/** getJob as GraphQL reads it: an import that is not there, or not the operator's, is null. */
export async function findImport(scope: OperatorScope, jobId: string) {
  try {
    return await getImport(scope, jobId);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

export async function importRows(
  deps: ImportsDeps,
  scope: OperatorScope,
  jobId: string,
  page: { after: number; first: number; failedOnly: boolean; outcome?: string },
) {
  const job = await scope.job(jobId);
  return rowResultsPage(deps.db, job.id, page);
}

export async function recentImports(deps: ImportsDeps, scope: OperatorScope, importType: ImportType, limit: number) {
  const orgs = await scope.organisationIds();
  if (orgs.length === 0) return [];
  return (await recentJobs(deps.db, orgs, importType, limit)).map(toJobView);
}

export async function sourceSystems(deps: ImportsDeps, scope: OperatorScope) {
  const orgs = await scope.requireOperator();
  return listSourceSystems(deps.db, scope.user.registrationSystemId, orgs);
}

export async function templateVariants(deps: ImportsDeps, scope: OperatorScope, sourceSystemId: number, importType?: ImportType) {
  await visibleSourceSystem(deps, scope, sourceSystemId);
  return (await listTemplateVariants(deps.db, sourceSystemId, importType)).map((v) => ({
    id: v.id,
    key: v.key,
    name: v.name,
    importType: v.importType,
    header: v.header,
  }));
}

/**
 * The summary (IImportResultsPage): counts, a first page of row results (failures first is the
 * screen's choice: `failedOnly`), F8 merge candidates created, F9 ignored columns.
 */
export async function resultsPage(deps: ImportsDeps, job: ImportJobRecord, opts: { first: number; failedOnly: boolean }) {
  const view = toJobView(job);
  return {
    counts: view.counts,
    rows: (await rowResultsPage(deps.db, job.id, { after: 0, first: opts.first, failedOnly: opts.failedOnly })).rows,
    mergeCandidatesCreated: await mergeCandidatesOfJob(deps.db, job.id, 1000),
    ignoredColumns: view.ignoredColumns,
  };
}

/**
 * Every flow's result resource (`GET /api/<importerKey>/import/{jobId}`): the domain-typed result
 * once the job has ended: the common summary plus what the flow's `result(job)` adds.
 */
export async function importResult(deps: ImportsDeps, scope: OperatorScope, importType: ImportType, jobId: string) {
  const job = await scope.job(jobId);
  if (job.importType !== importType) throw new NotFoundError('Import not found', { code: 'IMPORT_NOT_FOUND' });
  if (!isTerminal(job.state)) {
    throw new ConflictError(`The import has not ended yet (state ${job.state})`, { code: 'IMPORT_NOT_FINISHED' });
  }
  return {
    jobId: job.id,
    ...deps.processors[importType].result(job),
    status: displayState(job.state),
    state: job.state,
    alreadyImportedJobId: job.alreadyImportedJobId,
    error: job.error,
    // Once undone: the undo and the first records it left (the rest: GET /api/imports/{id}/undo).
    undo: await undoWithRefusals(deps, job, { after: 0, first: 100 }),
    ...(await resultsPage(deps, job, { first: 100, failedOnly: true })),
  };
}
