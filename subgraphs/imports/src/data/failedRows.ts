import type { Knex } from '@ems/db';
import type { RowFailure } from '../domain/rowResults';

/**
 * The failed rows of a job with their cells as read from the file: the row results with a
 * failure joined to the staged rows. The staged rows stay after the job has ended for this (and
 * are removed only with the job): a clean-up of `imports.job_rows` must keep the failed ones.
 */
export interface FailedStagedRow {
  rowNo: number;
  cells: string[];
  failure: RowFailure;
}

/** The next `limit` failed rows after `afterRowNo`, in file order (the partial index `row_results_failed`). */
export async function failedRowsAfter(db: Knex, jobId: string, afterRowNo: number, limit: number): Promise<FailedStagedRow[]> {
  return (await db('imports.row_results as r')
    .join('imports.job_rows as s', (on) => on.on('s.jobId', 'r.jobId').andOn('s.rowNo', 'r.rowNo'))
    .where('r.jobId', jobId)
    .whereNotNull('r.failure')
    .where('r.rowNo', '>', afterRowNo)
    .orderBy('r.rowNo')
    .limit(limit)
    .select('r.rowNo', 's.cells', 'r.failure')) as FailedStagedRow[];
}

/** How many rows of each job failed (0 for a job with none). */
export async function failedRowCounts(db: Knex, jobIds: readonly string[]): Promise<Map<string, number>> {
  const rows = (await db('imports.row_results')
    .whereIn('jobId', jobIds as string[])
    .whereNotNull('failure')
    .groupBy('jobId')
    .select('jobId', db.raw('count(*)::int as count'))) as Array<{ jobId: string; count: number }>;
  return new Map(rows.map((r) => [r.jobId, r.count]));
}
