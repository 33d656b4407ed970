import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Knex } from '@ems/db';

/**
 * The staged rows of a job (`imports.job_rows`): the file's data rows as read, cells as text,
 * loaded with COPY. The stages work on them in SQL (distinct foreign-key values, samples) and
 * processing reads them back in chunks by row number.
 */

/** A `text[]` element in COPY's text format: array quoting first, then COPY's own escapes. */
function arrayElement(value: string): string {
  const quoted = `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return quoted.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
}

export function copyLine(jobId: string, rowNo: number, cells: readonly string[]): string {
  return `${jobId}\t${rowNo}\t{${cells.map(arrayElement).join(',')}}\n`;
}

export async function clearStagedRows(db: Knex, jobId: string): Promise<void> {
  await db('imports.job_rows').where({ jobId }).delete();
  await db('imports.row_results').where({ jobId }).delete();
}

/** Loads batches of rows with one COPY; returns how many rows it wrote. */
export async function copyStagedRows(
  db: Knex,
  jobId: string,
  batches: AsyncIterable<{ firstRowNumber: number; rows: string[][] }>,
  onBatch: (rowsSoFar: number) => Promise<void>,
): Promise<number> {
  let count = 0;
  async function* lines() {
    for await (const batch of batches) {
      let text = '';
      batch.rows.forEach((cells, i) => {
        text += copyLine(jobId, batch.firstRowNumber + i, cells);
      });
      count += batch.rows.length;
      yield text;
      await onBatch(count);
    }
  }
  const client = (await db.client.acquireConnection()) as PoolClient;
  try {
    const copy = client.query(copyFrom('COPY imports.job_rows (job_id, row_no, cells) FROM STDIN'));
    await pipeline(Readable.from(lines()), copy);
  } finally {
    await db.client.releaseConnection(client);
  }
  return count;
}

export interface StagedRow {
  rowNo: number;
  cells: string[];
}

/** The next `limit` rows after `afterRowNo`, in file order. */
export async function stagedRowsAfter(db: Knex, jobId: string, afterRowNo: number, limit: number): Promise<StagedRow[]> {
  return (await db('imports.job_rows')
    .where({ jobId })
    .where('rowNo', '>', afterRowNo)
    .orderBy('rowNo')
    .limit(limit)
    .select('rowNo', 'cells')) as StagedRow[];
}

/** About `size` rows spread evenly over the file (the verifying stage's sample). */
export async function sampleStagedRows(db: Knex, jobId: string, rowsTotal: number, size: number): Promise<StagedRow[]> {
  const step = Math.max(1, Math.floor(rowsTotal / size));
  return (await db('imports.job_rows')
    .where({ jobId })
    .whereRaw('row_no % ? = 0', [step])
    .orderBy('rowNo')
    .limit(size)
    .select('rowNo', 'cells')) as StagedRow[];
}

/** The distinct non-empty trimmed values of one column (1-based position in `cells`) with their row counts. */
export async function distinctColumnValues(db: Knex, jobId: string, columnIndex: number): Promise<Array<{ value: string; rows: number }>> {
  const result = await db.raw(
    `SELECT btrim(cells[?]) AS value, count(*)::int AS rows
       FROM imports.job_rows WHERE job_id = ? AND coalesce(btrim(cells[?]), '') <> ''
      GROUP BY 1 ORDER BY 1 LIMIT 10001`,
    [columnIndex + 1, jobId, columnIndex + 1],
  );
  return result.rows as Array<{ value: string; rows: number }>;
}
