import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import { canMove, WORKER_STATES, type JobState } from '../domain/jobState';
import type { ImportType } from '../domain/importTypes';
import type { ColumnsState } from '../domain/stages/columns';
import type { CellsState } from '../domain/stages/cells';
import type { Verification } from '../domain/stages/verifying';
import type { Counts } from '../domain/rowProcessor';
import type { JobUndo } from '../domain/undo/jobUndo';
import { storableJson } from './storableJson';

/** The flow's own upload fields (contract: stored in the job's configJson). */
export type JobConfig = Record<string, unknown>;

/** IImportJob as stored: one row of `imports.import_jobs`. */
export interface ImportJobRecord {
  id: string;
  importType: ImportType;
  callerKey: string;
  registrationSystemId: number;
  organisationId: number;
  eventId: number | null;
  createdBy: string;
  fileId: string;
  fileSha256: string;
  state: JobState;
  config: JobConfig;
  sourceSystemId: number | null;
  alreadyImportedJobId: string | null;
  /** The job whose corrected failed rows this job imports (docs/imports.md, "Failed rows and corrections"). */
  correctsJobId: string | null;
  columns: ColumnsState | null;
  cells: CellsState | null;
  verification: Verification | null;
  counts: Counts;
  rowsTotal: number | null;
  checkpoint: number;
  resultPayload: Record<string, unknown> | null;
  error: { message: string } | null;
  /** The undo, once an operator asked for it (docs/imports.md, "Undo"). */
  undo: JobUndo | null;
  leaseToken: string | null;
  leaseExpiresAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

const TABLE = 'imports.import_jobs';

export interface NewJob {
  importType: ImportType;
  callerKey: string;
  registrationSystemId: number;
  organisationId: number;
  eventId: number | null;
  createdBy: string;
  fileId: string;
  fileSha256: string;
  config: JobConfig;
  sourceSystemId: number | null;
  alreadyImportedJobId: string | null;
  correctsJobId?: string | null;
}

export async function insertJob(db: Knex, job: NewJob): Promise<ImportJobRecord> {
  // clock_timestamp(), not now(): the upload's transaction began before the file streamed in,
  // and the job exists from when it is written (the start delay is measured from here).
  const [row] = await db(TABLE)
    .insert({
      id: randomUUID(),
      ...job,
      config: JSON.stringify(job.config),
      createdAt: db.raw('clock_timestamp()'),
      updatedAt: db.raw('clock_timestamp()'),
    })
    .returning('*');
  return row as ImportJobRecord;
}

export async function findJob(db: Knex, id: string): Promise<ImportJobRecord | null> {
  const row = await db(TABLE).where({ id }).first();
  return (row as ImportJobRecord | undefined) ?? null;
}

export async function jobsByIds(db: Knex, ids: readonly string[]): Promise<ImportJobRecord[]> {
  return (await db(TABLE).whereIn('id', ids as string[])) as ImportJobRecord[];
}

/** The jobs that import the corrected failed rows of any of `ids`, oldest first. */
export async function jobsCorrecting(db: Knex, ids: readonly string[]): Promise<ImportJobRecord[]> {
  return (await db(TABLE)
    .whereIn('correctsJobId', ids as string[])
    .orderBy('createdAt')) as ImportJobRecord[];
}

/** The latest COMPLETED job of the same file into the same target: a re-import is flagged. */
export async function findCompletedImportOfFile(
  db: Knex,
  target: { importType: ImportType; organisationId: number; eventId: number | null; fileSha256: string },
): Promise<string | null> {
  const row = await db(TABLE)
    .where({ importType: target.importType, organisationId: target.organisationId, fileSha256: target.fileSha256, state: 'COMPLETED' })
    .modify((q) => (target.eventId === null ? q.whereNull('eventId') : q.where({ eventId: target.eventId })))
    .orderBy('finishedAt', 'desc')
    .first('id');
  return (row?.id as string | undefined) ?? null;
}

export async function recentJobs(
  db: Knex,
  organisationIds: readonly number[],
  importType: ImportType,
  limit: number,
): Promise<ImportJobRecord[]> {
  return (await db(TABLE)
    .whereIn('organisationId', organisationIds)
    .where({ importType })
    .orderBy('createdAt', 'desc')
    .limit(limit)) as ImportJobRecord[];
}

/** Columns a move may set alongside the state. */
export type JobChanges = Partial<
  Pick<
    ImportJobRecord,
    | 'columns'
    | 'cells'
    | 'verification'
    | 'counts'
    | 'rowsTotal'
    | 'checkpoint'
    | 'resultPayload'
    | 'error'
    | 'startedAt'
    | 'finishedAt'
    | 'undo'
  >
>;

/** The jsonb columns as storable JSON (`storableJson`: a file's text cannot make the write fail). */
function serialise(changes: JobChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    out[key] = value !== null && typeof value === 'object' && !(value instanceof Date) ? storableJson(value) : value;
  }
  return out;
}

/**
 * The one way a job changes state: a compare-and-set from `from` to `to` (checked against the
 * state table), optionally only while `leaseToken` still holds the job. False when the row was
 * not in `from` any more (another move won: a cancel, another worker) or the lease was lost.
 */
export async function moveJob(
  db: Knex,
  id: string,
  from: JobState,
  to: JobState,
  changes: JobChanges = {},
  leaseToken?: string,
): Promise<boolean> {
  if (!canMove(from, to)) throw new Error(`import job state table has no move ${from} -> ${to}`);
  const query = db(TABLE)
    .where({ id, state: from })
    .update({ ...serialise(changes), state: to, updatedAt: db.fn.now() });
  if (leaseToken) query.where({ leaseToken });
  return (await query) === 1;
}

/**
 * Whether the worker with `leaseToken` still holds the job in `state`, locking the row for the
 * caller's transaction (a takeover's claim waits for it). For work that writes outside the job row.
 */
export async function holdsJob(trx: Knex.Transaction, id: string, state: JobState, leaseToken: string): Promise<boolean> {
  const row = await trx(TABLE).where({ id, state, leaseToken }).forUpdate().first('id');
  return row !== undefined;
}

/** Writes a worker's progress without a move (counts, checkpoint), only while its lease holds and the state is `state`. */
export async function updateJobWhile(db: Knex, id: string, state: JobState, leaseToken: string, changes: JobChanges): Promise<boolean> {
  const n = await db(TABLE)
    .where({ id, state, leaseToken })
    .update({ ...serialise(changes), updatedAt: db.fn.now() });
  return n === 1;
}

/** A worker claims a job in a worker state whose lease is free or has run out. Returns the token, or null. */
export async function claimLease(db: Knex, id: string, leaseSeconds: number): Promise<string | null> {
  const token = randomUUID();
  const n = await db(TABLE)
    .where({ id })
    .whereIn('state', WORKER_STATES as JobState[])
    .where((q) => q.whereNull('leaseExpiresAt').orWhere('leaseExpiresAt', '<', db.fn.now()))
    .update({ leaseToken: token, leaseExpiresAt: db.raw(`now() + make_interval(secs => ?)`, [leaseSeconds]) });
  return n === 1 ? token : null;
}

/** Renews a claim; false when it was lost or the job left the worker's states (cancelled). */
export async function renewLease(db: Knex, id: string, token: string, leaseSeconds: number): Promise<boolean> {
  const n = await db(TABLE)
    .where({ id, leaseToken: token })
    .whereIn('state', WORKER_STATES as JobState[])
    .update({ leaseExpiresAt: db.raw(`now() + make_interval(secs => ?)`, [leaseSeconds]) });
  return n === 1;
}

export async function releaseLease(db: Knex, id: string, token: string): Promise<void> {
  await db(TABLE).where({ id, leaseToken: token }).update({ leaseToken: null, leaseExpiresAt: null });
}

/**
 * Jobs a worker should be running but that nobody holds: in a worker state with no live lease,
 * untouched for `idleSeconds` (a crash between the upload and scheduling, or a worker killed).
 */
export async function orphanedJobIds(db: Knex, idleSeconds: number): Promise<string[]> {
  const rows = await db(TABLE)
    .whereIn('state', WORKER_STATES as JobState[])
    .where((q) => q.whereNull('leaseExpiresAt').orWhere('leaseExpiresAt', '<', db.fn.now()))
    .where('updatedAt', '<', db.raw(`now() - make_interval(secs => ?)`, [idleSeconds]))
    .limit(100)
    .pluck('id');
  return rows as string[];
}
