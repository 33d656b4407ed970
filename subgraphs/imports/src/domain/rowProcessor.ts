import type { Knex } from '@ems/db';
import type { FieldDefinition } from './fields';
import type { ImportType } from './importTypes';
import type { ImportJobRecord, JobConfig } from '../data/jobs';
import type { ImportUser } from './access';
import type { RowFailure } from './rowResults';
import type { Verification } from './stages/verifying';

/** One staged row with its cells keyed by field name (only mapped fields; '' for an empty cell). */
export interface MappedRow {
  rowNo: number;
  values: Record<string, string>;
  /** Cells of the columns kept as custom fields (createCustom1..3), in order. */
  custom: [string | null, string | null, string | null];
}

export type RowOutcome = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'FAILED';

/** ImportRowResult: the outcome of one row. */
export interface ImportRowResult {
  rowNo: number;
  outcome: RowOutcome;
  personId: number | null;
  /** The record the row wrote (a participant, a member...). */
  targetId: number | null;
  /** F4: how the person was found (TRUSTED_KEY, EXACT, FUZZY, NONE), when the flow matches persons. */
  matchKind: string | null;
  failure: RowFailure | null;
  /** F8: merge candidates this row created. */
  mergeCandidates?: Array<{ id: number; personId: number; candidatePersonId: number }> | null;
}

/** Counters a chunk adds to the job's counts. */
export type Counts = Record<string, number>;

export interface ChunkResult {
  rows: ImportRowResult[];
  counts: Counts;
}

/** What a whole-file handler reads and writes besides its own domain: the staged rows and the row results. */
export interface WholeFileRows {
  /** Every staged row in file order, a page at a time, read inside the handler's transaction. */
  pages(): AsyncIterable<readonly MappedRow[]>;
  /** Persists ImportRowResults (the rows that failed or were applied only in part), in the transaction. */
  record(rows: readonly ImportRowResult[]): Promise<void>;
}

/** The outcome of a whole file: counters for the job, and whether it was applied. */
export interface WholeFileResult {
  counts: Counts;
  /**
   * Null: the file was applied. Otherwise why nothing of it was (the job ends FAILED with this
   * message; the handler has written nothing to its domain and recorded the failed rows).
   */
  notApplied: string | null;
}

/** A record an undo left as it is, and why (docs/imports.md, "Undo"). */
export interface UndoRefusal {
  /** The file's row that (last) wrote the record; null for a record of the job as a whole. */
  rowNo: number | null;
  /** What the record is (PERSON, PARTICIPANT, ...). */
  record: string;
  recordId: string;
  /** The person the record is or belongs to, when there is one. */
  personId: number | null;
  /** CHANGED_SINCE, DELETED_SINCE, REFERENCED, ... */
  reason: string;
  message: string;
  /** REFERENCED: what refers to the record. */
  referencedBy: string[];
}

/** What an undo did: counts by record and outcome, and the records it left. */
export interface UndoResult {
  counts: Array<{ record: string; outcome: string; count: number }>;
  refused: UndoRefusal[];
}

/** What a foreign key's values resolve to in the cells stage. */
export interface ForeignKeyResolver {
  /** Each distinct value with the records it matches; one query for all values. */
  resolve(
    db: Knex,
    job: ImportJobRecord,
    values: readonly string[],
  ): Promise<Array<{ value: string; matches: Array<{ id: number; label: string }> }>>;
  /** Every record an operator may choose from for this job. */
  choices(db: Knex, job: ImportJobRecord): Promise<Array<{ id: number; label: string }>>;
}

export interface ChunkContext {
  job: ImportJobRecord;
  /** Resolved foreign-key values: fkType -> value -> record id (absent: unresolved). */
  foreignKeys: Record<string, Record<string, number>>;
}

/** What an upload's preparation sees: the form fields and who uploads. */
export interface UploadContext {
  /** The multipart form fields (or the GraphQL input as strings). */
  fields: Record<string, string>;
  user: ImportUser;
  /** The organisations the user operates (never empty). */
  organisationIds: number[];
}

/** The job's target and its configJson, decided before the job exists. */
export interface PreparedUpload {
  organisationId: number;
  registrationSystemId: number;
  /** The event the job writes into, for event flows; null for organisation-wide flows. */
  eventId: number | null;
  sourceSystemId: number | null;
  config: JobConfig;
}

/**
 * The bookend a flow supplies (contract "Import bookend contract", item 2). Row-by-row processors
 * handle a chunk; the framework commits it with its ImportRowResults and the checkpoint.
 * Whole-file processors (`supportsWholeFile()`) handle the file in one transaction, or not at all.
 */
export interface RowProcessor {
  importType(): ImportType;
  /**
   * The recognised columns. With the job's config (its upload fields), a flow may require the
   * column its options name (e.g. the key column of the chosen participantIdMode); without, every
   * column the flow can read.
   */
  fields(config?: JobConfig): readonly FieldDefinition[];
  /** True: `processWholeFile` handles the file; false: `processChunk` handles it chunk by chunk. */
  supportsWholeFile(): boolean;
  supportsFingerprintCheck(): boolean;
  foreignKeys(): Readonly<Record<string, ForeignKeyResolver>>;
  /**
   * Bookend item 5, the upload resource: reads the flow's form fields and checks the target the
   * operator may import into (inside the upload's transaction; throw the contract's errors).
   */
  prepareUpload(trx: Knex.Transaction, upload: UploadContext): Promise<PreparedUpload>;
  /**
   * Called between chunks every so often (outside their transactions), for upkeep of what the
   * chunks wrote, e.g. refreshing planner statistics of the tables they grow.
   */
  afterChunks?(db: Knex): Promise<void>;
  /** Row by row: writes one chunk inside `trx` and returns its row results. */
  processChunk?(trx: Knex.Transaction, ctx: ChunkContext, rows: readonly MappedRow[]): Promise<ChunkResult>;
  /**
   * Whole file: applies every staged row inside `trx` (the framework commits it with the counts
   * and the job's end state), or writes nothing to its domain and says why.
   */
  processWholeFile?(trx: Knex.Transaction, ctx: ChunkContext, rows: WholeFileRows): Promise<WholeFileResult>;
  /**
   * Undo of a COMPLETED job, for flows that support it (docs/imports.md, "Undo"): inside `trx`,
   * removes what the job created and puts back what it changed, leaving (and answering) every
   * record changed since or now referred to. The framework commits it with the refusals and the
   * job's move to UNDONE, or rolls all of it back.
   */
  undo?(trx: Knex.Transaction, job: ImportJobRecord): Promise<UndoResult>;
  /** F7 on a sample of rows, for processors that opt in. */
  verify?(db: Knex, ctx: ChunkContext, sample: readonly MappedRow[]): Promise<Verification>;
  /** The domain-typed result (`GET /api/<entity>/import/{jobId}`) of a finished job. */
  result(job: ImportJobRecord): Record<string, unknown>;
}
