import { isAppError } from '@ems/schema';
import { retryRolledBack, ROLLED_BACK_BY_ANOTHER, type Knex } from '@ems/db';
import type { Logger } from '@ems/service-runtime';
import { moveJob, type ImportJobRecord } from '../data/jobs';
import { insertUndoRefusals } from '../data/undoRefusals';
import type { RowProcessor } from '../domain/rowProcessor';
import { failedUndo, finishedUndo, requestedUndo, type JobUndo } from '../domain/undo/jobUndo';

export interface UndoStageDeps {
  db: Knex;
  logger: Logger;
  leaseSeconds: number;
}

/** The worker's hold on the job: its lease token, and the renewal (a no-op until a third of the lease has passed). */
export interface UndoHold {
  token: string;
  keepAlive(): Promise<boolean>;
}

/** Another transaction's lock or reference got in the way; the undo changed nothing and is tried again. */
const RETRYABLE = new Set([...ROLLED_BACK_BY_ANOTHER, '23503', '55P03']);

class LeaseLost extends Error {}

/**
 * The UNDOING stage (docs/imports.md, "Undo"): the flow's `undo` in one transaction, with the
 * records it left and the move to UNDONE, committed only while this worker holds the job. The
 * lease is renewed on a timer meanwhile (a large undo is one long transaction). A deadlock or a
 * reference that appeared meanwhile (another import matched a person being removed) rolls it
 * back and it runs again; any other failure leaves the job in the state it was undone from (COMPLETED,
 * CANCELLED or FAILED) with the error in `undo`,
 * and nothing undone. Answers whether the job moved (false: the lease was lost).
 */
export async function runUndo(deps: UndoStageDeps, job: ImportJobRecord, processor: RowProcessor, hold: UndoHold): Promise<boolean> {
  const undo: JobUndo = job.undo ?? requestedUndo(job.createdBy, new Date());
  const timer = setInterval(
    () => void hold.keepAlive().catch((err: unknown) => deps.logger.warn({ err, jobId: job.id }, 'import lease not renewed; trying again')),
    (deps.leaseSeconds * 1000) / 4,
  );
  try {
    if (!processor.undo) throw new Error(`import type ${job.importType} has no undo`);
    const undoJob = processor.undo.bind(processor);
    return await retryRolledBack(
      () =>
        deps.db.transaction(async (trx) => {
          await trx.raw('SET LOCAL jit = off');
          const result = await undoJob(trx, job);
          await insertUndoRefusals(trx, job.id, result.refused);
          const moved = await moveJob(trx, job.id, 'UNDOING', 'UNDONE', { undo: finishedUndo(undo, result, new Date()) }, hold.token);
          if (!moved) throw new LeaseLost();
          return true;
        }),
      {
        codes: RETRYABLE,
        onRetry: (code, attempt) => deps.logger.warn({ jobId: job.id, code, attempt }, 'import undo rolled back; trying again'),
      },
    );
  } catch (err) {
    if (err instanceof LeaseLost) return false;
    if (!isAppError(err)) deps.logger.error({ err, jobId: job.id }, 'import undo failed');
    const message = isAppError(err) ? err.message : "The undo failed and changed nothing; the worker's log has the details";
    return moveJob(deps.db, job.id, 'UNDOING', undo.from ?? 'COMPLETED', { undo: failedUndo(undo, message, new Date()) }, hold.token);
  } finally {
    clearInterval(timer);
  }
}
