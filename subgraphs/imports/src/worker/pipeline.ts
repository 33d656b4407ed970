import { createHash } from 'node:crypto';
import { retryRolledBack, ROLLED_BACK_BY_ANOTHER, type Knex } from '@ems/db';
import { isAppError } from '@ems/schema';
import type { Logger } from '@ems/service-runtime';
import type { ReadLimits } from '../parsing';
import { claimLease, findJob, holdsJob, moveJob, releaseLease, renewLease, updateJobWhile, type ImportJobRecord } from '../data/jobs';
import { readFile } from '../data/files';
import { insertRowResults } from '../data/rowResults';
import { findSourceSystem, listTemplateVariants, saveTemplateVariant } from '../data/sourceSystems';
import { clearStagedRows, copyStagedRows, sampleStagedRows, stagedRowsAfter } from '../data/stagedRows';
import { normaliseHeader } from '../domain/fields';
import { choicesOfCorrectedJob, restoredTable, type RememberedChoices } from '../domain/failedRows/corrections';
import type { JobState } from '../domain/jobState';
import { rowMapper } from '../domain/mapping';
import type { ChunkContext, Counts, RowProcessor, WholeFileRows } from '../domain/rowProcessor';
import { autoMatchColumns, columnsComplete, ignoredColumns, type ColumnMode, type ColumnsState } from '../domain/stages/columns';
import { cellsComplete, choicesToRemember, matchCells, type CellsState } from '../domain/stages/cells';
import { SAMPLE_SIZE, skippedVerification } from '../domain/stages/verifying';
import type { Processors } from '../flows';
import { openTable, type CsvChoice, type OpenedTable } from '../parsing';
import { variantOfHeader } from '../domain/templateVariants';
import { runUndo } from './undoStage';

export interface PipelineDeps {
  db: Knex;
  processors: Processors;
  logger: Logger;
  leaseSeconds: number;
  chunkRows: number;
  limits: ReadLimits;
}

/** A worker's hold on one job: renews the lease (and Agenda's lock) as the work goes on. */
interface Hold {
  token: string;
  /** Renews when a third of the lease has passed; false when the job was lost or cancelled. */
  keepAlive(): Promise<boolean>;
}

class JobLost extends Error {}

/**
 * A chunk runs again when PostgreSQL rolled it back for another transaction (a deadlock), and when
 * a record it matched was removed before it wrote (23503: an operator merged the matched person
 * away meanwhile): the chunk wrote nothing, and running again matches afresh.
 */
const CHUNK_RETRYABLE: ReadonlySet<string> = new Set([...ROLLED_BACK_BY_ANOTHER, '23503']);

/**
 * Runs a job's worker stages until it waits for the operator, ends, or is taken away. Safe to
 * call for any job at any time and from any number of workers: only the holder of the job's
 * lease works on it, and every stage ends with a compare-and-set of the state.
 */
export async function runJob(deps: PipelineDeps, jobId: string, touchAgenda: () => Promise<void> = async () => {}): Promise<void> {
  const { db } = deps;
  const token = await claimLease(db, jobId, deps.leaseSeconds);
  if (!token) return;
  let renewedAt = Date.now();
  const hold: Hold = {
    token,
    async keepAlive() {
      if (Date.now() - renewedAt < (deps.leaseSeconds * 1000) / 3) return true;
      renewedAt = Date.now();
      await touchAgenda();
      return renewLease(db, jobId, token, deps.leaseSeconds);
    },
  };
  let job: ImportJobRecord | null = null;
  try {
    for (;;) {
      job = await findJob(db, jobId);
      if (!job || job.leaseToken !== token) return;
      const started = performance.now();
      const moved = await runStage(deps, job, hold);
      deps.logger.info({ jobId, stage: job.state, ms: Math.round(performance.now() - started), moved }, 'import stage finished');
      if (!moved) return;
    }
  } catch (err) {
    if (err instanceof JobLost) return;
    await failJob(deps, jobId, job?.state ?? null, token, err);
  } finally {
    // A lease left behind runs out by itself; the next worker takes the job over then.
    await releaseLease(db, jobId, token).catch((err: unknown) => deps.logger.warn({ err, jobId }, 'import lease not released'));
  }
}

/** What a failed job says when its own reason is not the operator's to read, or could not be stored. */
const UNEXPECTED_FAILURE = "The import failed unexpectedly; the worker's log has the details";

/**
 * Ends a job FAILED with why: an expected failure's message (an InputError about the file), else a
 * generic one. A failure that cannot be recorded is logged and recorded again with the generic
 * message, so that no job is left in a worker state for the sweep to run again and again.
 */
async function failJob(deps: PipelineDeps, jobId: string, state: JobState | null, token: string, err: unknown): Promise<void> {
  const expected = isAppError(err);
  if (!expected) deps.logger.error({ err, jobId }, 'import job failed');
  if (!state) return;
  const message = expected ? (err as Error).message : UNEXPECTED_FAILURE;
  if (await recordFailure(deps, jobId, state, token, message)) return;
  if (message !== UNEXPECTED_FAILURE) await recordFailure(deps, jobId, state, token, UNEXPECTED_FAILURE);
}

/** True when the failure is recorded, or the job has moved on meanwhile (a cancel, another worker). */
async function recordFailure(deps: PipelineDeps, jobId: string, state: JobState, token: string, message: string): Promise<boolean> {
  try {
    const moved = await moveJob(deps.db, jobId, state, 'FAILED', { error: { message }, finishedAt: new Date() }, token);
    if (!moved) deps.logger.info({ jobId, state }, 'import job failure not recorded: the job moved on meanwhile');
    return true;
  } catch (err) {
    deps.logger.error({ err, jobId, state }, 'import job failure could not be recorded');
    return false;
  }
}

/** One stage of a job in a worker state; true when the job moved on and the loop should go on. */
async function runStage(deps: PipelineDeps, job: ImportJobRecord, hold: Hold): Promise<boolean> {
  const processor = deps.processors[job.importType];
  switch (job.state) {
    case 'QUEUED':
      return moveJob(deps.db, job.id, 'QUEUED', 'PARSING', { startedAt: new Date() }, hold.token);
    case 'PARSING':
      return parse(deps, job, processor, hold);
    case 'MATCHING_CELLS':
      return cells(deps, job, processor, hold);
    case 'VERIFYING':
      return verify(deps, job, processor, hold);
    case 'PROCESSING':
      return process(deps, job, processor, hold);
    case 'UNDOING':
      return runUndo(deps, job, processor, hold);
    default:
      return false;
  }
}

async function columnMode(deps: PipelineDeps, job: ImportJobRecord): Promise<ColumnMode> {
  if (job.sourceSystemId === null) return { source: 'none' };
  const source = await findSourceSystem(deps.db, job.sourceSystemId);
  return { source: source?.isSelf ? 'self' : 'external' };
}

/**
 * The choices remembered for this file: for a corrections job the first job's, else the template
 * variant named on upload, or the one whose header row is this file's (F10).
 */
async function templateFor(deps: PipelineDeps, job: ImportJobRecord, header: readonly string[]): Promise<RememberedChoices | null> {
  if (job.correctsJobId) {
    const original = await findJob(deps.db, job.correctsJobId);
    return original ? choicesOfCorrectedJob(original) : null;
  }
  if (job.sourceSystemId === null) return null;
  const variants = await listTemplateVariants(deps.db, job.sourceSystemId, job.importType);
  const named = job.config.templateVariantKey as string | null | undefined;
  if (named) return variants.find((v) => v.key === named) ?? null;
  return variantOfHeader(variants, header);
}

async function parse(deps: PipelineDeps, job: ImportJobRecord, processor: RowProcessor, hold: Hold): Promise<boolean> {
  // Only while this worker still holds the job: one that stalled past its lease must not wipe the
  // rows of the worker that took the job over.
  const cleared = await deps.db.transaction(async (trx) => {
    if (!(await holdsJob(trx, job.id, 'PARSING', hold.token))) return false;
    await clearStagedRows(trx, job.id);
    return true;
  });
  if (!cleared) throw new JobLost();
  // Reading a workbook may take minutes before its first row (its shared strings): the lease is
  // renewed on a timer meanwhile, and a job lost or cancelled ends the read and its reader child.
  const lost = new AbortController();
  const renewal = setInterval(
    () => {
      hold.keepAlive().then(
        (held) => {
          if (!held) lost.abort(new JobLost());
        },
        (err: unknown) => deps.logger.warn({ err, jobId: job.id }, 'import lease not renewed; trying again'),
      );
    },
    (deps.leaseSeconds * 1000) / 4,
  );
  let table: OpenedTable;
  let rowsTotal: number;
  try {
    const opened = await openTable(() => readFile(deps.db, job.fileId), {
      sheetIndex: Number(job.config.sheetIndex ?? 0),
      csv: (job.config.csvChoice as CsvChoice | null | undefined) ?? undefined,
      refuseUndecodable: true,
      ...deps.limits,
      signal: lost.signal,
    });
    // A corrected failed-rows file: its cells are staged with the values the download neutralised.
    table = job.correctsJobId ? restoredTable(opened) : opened;
    try {
      rowsTotal = await copyStagedRows(deps.db, job.id, table.batches, async () => {
        if (!(await hold.keepAlive())) throw new JobLost();
      });
    } finally {
      await table.close();
    }
  } finally {
    clearInterval(renewal);
  }
  const template = await templateFor(deps, job, table.header);
  const columns = {
    ...autoMatchColumns({
      header: table.header,
      fields: processor.fields(job.config),
      mode: await columnMode(deps, job),
      template: template ? { key: template.key, mappings: template.columnMappings } : null,
      customHeaders: (job.config.createCustom as Array<string | null> | undefined) ?? [],
    }),
    delimiter: table.delimiter ?? null,
  };
  return moveJob(
    deps.db,
    job.id,
    'PARSING',
    columnsComplete(columns) ? 'MATCHING_CELLS' : 'COLUMNS_NEEDED',
    { columns, rowsTotal },
    hold.token,
  );
}

function fieldForeignKeys(processor: RowProcessor) {
  return processor.fields().flatMap((f) => (f.foreignKey ? [{ field: f.name, fkType: f.foreignKey }] : []));
}

async function cells(deps: PipelineDeps, job: ImportJobRecord, processor: RowProcessor, hold: Hold): Promise<boolean> {
  const columns = job.columns as ColumnsState;
  const template = await templateFor(deps, job, columns.header);
  const state = await matchCells(deps.db, job, columns, processor.foreignKeys(), fieldForeignKeys(processor), template?.cellChoices ?? []);
  return moveJob(deps.db, job.id, 'MATCHING_CELLS', cellsComplete(state) ? 'VERIFYING' : 'CELLS_NEEDED', { cells: state }, hold.token);
}

function chunkContext(job: ImportJobRecord): ChunkContext {
  return { job, foreignKeys: (job.cells as CellsState | null)?.resolved ?? {} };
}

async function verify(deps: PipelineDeps, job: ImportJobRecord, processor: RowProcessor, hold: Hold): Promise<boolean> {
  let verification;
  if (!processor.supportsFingerprintCheck() || !processor.verify)
    verification = skippedVerification('This import type has no fingerprint check');
  else if (job.sourceSystemId === null) verification = skippedVerification('No source system was chosen');
  else {
    const sample = await sampleStagedRows(deps.db, job.id, job.rowsTotal ?? 0, SAMPLE_SIZE);
    verification = await processor.verify(deps.db, chunkContext(job), sample.map(rowMapper(job.columns as ColumnsState)));
  }
  if (verification.warning && !job.config.acknowledgeFingerprintWarning) {
    return moveJob(deps.db, job.id, 'VERIFYING', 'FINGERPRINT_WARNING', { verification }, hold.token);
  }
  return moveJob(
    deps.db,
    job.id,
    'VERIFYING',
    'PROCESSING',
    { verification: { ...verification, acknowledged: verification.warning !== null } },
    hold.token,
  );
}

function addCounts(a: Counts, b: Counts): Counts {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Processing: chunks of rows after the checkpoint, each one transaction that writes the rows,
 * their ImportRowResults and the new checkpoint, and commits only while this worker still holds
 * the job in PROCESSING (a cancel or a takeover rolls the chunk back). A worker killed in the
 * middle loses at most its open chunk; the next holder goes on after the checkpoint. A chunk that
 * another transaction rolled back (a deadlock) runs again.
 */
async function process(deps: PipelineDeps, job: ImportJobRecord, processor: RowProcessor, hold: Hold): Promise<boolean> {
  if (processor.supportsWholeFile()) return processWholeFile(deps, job, processor, hold);
  if (!processor.processChunk) throw new Error(`import type ${job.importType} has no processChunk`);
  const processChunk = processor.processChunk.bind(processor);
  const mapRow = rowMapper(job.columns as ColumnsState);
  const ctx = chunkContext(job);
  let checkpoint = job.checkpoint;
  let counts = job.counts;
  const readAfter = (rowNo: number) => {
    const rows = stagedRowsAfter(deps.db, job.id, rowNo, deps.chunkRows);
    rows.catch(() => undefined); // awaited below, or dropped with the job
    return rows;
  };
  let nextChunk = readAfter(checkpoint);
  let chunks = 0;
  for (;;) {
    const t0 = performance.now();
    const staged = await nextChunk;
    if (staged.length === 0) break;
    // Upkeep between chunks, once another chunk follows: after the first and then every tenth (the
    // tables grow faster than autovacuum analyses them). A job of one chunk needs none.
    if (processor.afterChunks && (chunks === 1 || (chunks > 0 && chunks % 10 === 0))) await processor.afterChunks(deps.db);
    const last = staged.at(-1)?.rowNo ?? checkpoint;
    // The next chunk is read while this one is written (another connection, read-only).
    nextChunk = readAfter(last);
    const t1 = performance.now();
    let t2 = t1;
    // A chunk that another transaction rolled back (a deadlock with an online payment or another
    // import of the club) wrote nothing, so it runs again rather than failing the job.
    counts = await retryRolledBack(
      () =>
        deps.db.transaction(async (trx) => {
          // synchronous_commit off: the chunk's rows and its checkpoint commit together, so a database
          // crash that loses the last commits loses both, and the job redoes those chunks. jit off:
          // the set-based statements are short, and compiling them costs more than it saves.
          await trx.raw('SET LOCAL synchronous_commit = off; SET LOCAL jit = off');
          const result = await processChunk(trx, { ...ctx, job: { ...job, checkpoint } }, staged.map(mapRow));
          t2 = performance.now();
          await insertRowResults(trx, job.id, result.rows);
          const next = addCounts(counts, result.counts);
          if (!(await updateJobWhile(trx, job.id, 'PROCESSING', hold.token, { checkpoint: last, counts: next }))) throw new JobLost();
          return next;
        }),
      {
        codes: CHUNK_RETRYABLE,
        onRetry: (code, attempt) =>
          deps.logger.warn({ jobId: job.id, code, attempt, afterRow: checkpoint }, 'import chunk rolled back; trying again'),
      },
    );
    const ms = (a: number, b: number) => Math.round(b - a);
    deps.logger.debug(
      { jobId: job.id, rows: staged.length, readMs: ms(t0, t1), processMs: ms(t1, t2), resultsMs: ms(t2, performance.now()) },
      'import chunk committed',
    );
    checkpoint = last;
    chunks++;
    if (!(await hold.keepAlive())) throw new JobLost();
  }
  await rememberTemplate(deps, job);
  const resultPayload = { ...processor.result(job), ignoredColumns: ignoredColumns(job.columns as ColumnsState) };
  return moveJob(deps.db, job.id, 'PROCESSING', 'COMPLETED', { resultPayload, finishedAt: new Date() }, hold.token);
}

/**
 * Processing of a whole-file flow (contract: `supportsWholeFile()`, counters on the job): one
 * transaction reads the staged rows page by page, lets the flow apply them, records the row
 * results the flow reports, and ends the job, COMPLETED when the flow applied the file and FAILED
 * when it applied none of it. Committed only while this worker holds the job in PROCESSING; a
 * crash or a cancel rolls all of it back, and a restart begins the file again.
 */
async function processWholeFile(deps: PipelineDeps, job: ImportJobRecord, processor: RowProcessor, hold: Hold): Promise<boolean> {
  if (!processor.processWholeFile) throw new Error(`import type ${job.importType} has no processWholeFile`);
  const handler = processor.processWholeFile.bind(processor);
  const mapRow = rowMapper(job.columns as ColumnsState);
  // A transaction another one rolled back (a deadlock) wrote nothing: the file is applied again.
  const ended = await retryRolledBack(
    () =>
      deps.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL jit = off');
        let lastRowNo = 0;
        const rows: WholeFileRows = {
          async *pages() {
            for (let after = 0; ;) {
              const staged = await stagedRowsAfter(trx, job.id, after, deps.chunkRows);
              if (staged.length === 0) return;
              after = staged.at(-1)?.rowNo ?? after;
              lastRowNo = after;
              yield staged.map(mapRow);
              if (!(await hold.keepAlive())) throw new JobLost();
            }
          },
          record: (results) => insertRowResults(trx, job.id, results),
        };
        const result = await handler(trx, chunkContext(job), rows);
        const end = result.notApplied === null ? 'COMPLETED' : 'FAILED';
        const changes =
          result.notApplied === null
            ? { resultPayload: { ...processor.result(job), ignoredColumns: ignoredColumns(job.columns as ColumnsState) } }
            : { error: { message: result.notApplied } };
        const moved = await moveJob(
          trx,
          job.id,
          'PROCESSING',
          end,
          { ...changes, counts: result.counts, checkpoint: lastRowNo, finishedAt: new Date() },
          hold.token,
        );
        if (!moved) throw new JobLost();
        return end;
      }),
    {
      onRetry: (code, attempt) => deps.logger.warn({ jobId: job.id, code, attempt }, 'import file rolled back; trying again'),
    },
  );
  if (ended === 'COMPLETED') await rememberTemplate(deps, job);
  return true;
}

/** F10: the operator's column and cell choices, kept with the source system for the next file of this shape. */
async function rememberTemplate(deps: PipelineDeps, job: ImportJobRecord): Promise<void> {
  // A corrections job's header is the failed-rows file's, not a layout the source system sends.
  if (job.sourceSystemId === null || !job.columns || job.correctsJobId) return;
  const columns = job.columns;
  const signature = createHash('sha256').update(columns.header.map(normaliseHeader).join('\u0000')).digest('hex').slice(0, 12);
  const key = columns.templateVariantKey ?? (job.config.templateVariantKey as string | null) ?? `header-${signature}`;
  await saveTemplateVariant(deps.db, {
    sourceSystemId: job.sourceSystemId,
    importType: job.importType,
    key,
    name: key.startsWith('header-') ? `Columns: ${columns.header.slice(0, 4).join(', ')}${columns.header.length > 4 ? ', …' : ''}` : key,
    header: columns.header,
    columnMappings: columns.mappings.map((m) => ({ header: m.header, field: m.field })),
    cellChoices: job.cells ? choicesToRemember(job.cells) : [],
  });
}
