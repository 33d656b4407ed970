import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Knex } from '@ems/db';
import { ConflictError, NotFoundError } from '@ems/schema';
import { failedRowsAfter } from '../../data/failedRows';
import type { ImportJobRecord } from '../../data/jobs';
import type { OperatorScope } from '../access';
import type { ImportsDeps } from '../commands';
import type { RowProcessor } from '../rowProcessor';
import { isTerminal } from '../jobState';
import { neutraliseCell } from '@ems/schema/rules';

/**
 * The failed rows of a row-by-row import as a CSV the operator can open, correct and import again
 * (docs/imports.md, "Failed rows and corrections"): the imported file's header and each failed
 * row's cells as read, then the failure's category, its detail and the row's number in that file.
 * UTF-8 with a BOM (Excel reads it as UTF-8), RFC 4180 (every value quoted, CRLF), with the
 * imported CSV's own delimiter (a German Excel that saved `;` opens `;` in columns; an XLSX's rows
 * get commas), every cell neutralised against formula injection. Written as it is read, a page of
 * rows at a time.
 */

/** The columns the file adds after the imported file's own; a corrections job ignores them. */
export const FAILURE_COLUMNS = ['Failure category', 'Failure detail', 'Failed row'] as const;

const PAGE_ROWS = 1000;

/** A job that has failed rows to offer: row by row (a whole-file import fails as a whole), and ended. */
export function assertFailedRowsReadable(job: ImportJobRecord, processor: RowProcessor): void {
  if (processor.supportsWholeFile()) {
    throw new NotFoundError('This import is applied as a whole file: it has no failed rows of its own', {
      code: 'NO_FAILED_ROWS_FILE',
    });
  }
  if (!isTerminal(job.state)) {
    throw new ConflictError(`The import has not ended yet (state ${job.state})`, { code: 'IMPORT_NOT_FINISHED' });
  }
}

/** Where a client downloads the file (the same path through the router), or null when there is nothing to download. */
export function failedRowsUrl(
  job: { id: string; state: ImportJobRecord['state'] },
  processor: RowProcessor,
  failedRows: number,
): string | null {
  if (processor.supportsWholeFile() || !isTerminal(job.state) || failedRows === 0) return null;
  return `/api/imports/${job.id}/failed-rows.csv`;
}

export function failedRowsFileName(job: Pick<ImportJobRecord, 'config'>): string {
  const uploaded = typeof job.config.fileName === 'string' ? job.config.fileName : '';
  const stem = uploaded.replace(/\.[^.]*$/, '').trim() || 'import';
  return `${stem}-failed-rows.csv`;
}

/**
 * The imported file's columns that go into the file: all of them, but for a corrections job the
 * failure columns its own file brought from the earlier download (they are written afresh).
 */
function keptColumns(job: ImportJobRecord): number[] {
  const header = job.columns?.header ?? [];
  const earlier = new Set<string>(job.correctsJobId ? FAILURE_COLUMNS : []);
  return header.flatMap((h, i) => (earlier.has(h) ? [] : [i]));
}

async function* records(db: Knex, job: ImportJobRecord): AsyncGenerator<string[]> {
  const header = job.columns?.header ?? [];
  const keep = keptColumns(job);
  yield [...keep.map((i) => header[i] ?? ''), ...FAILURE_COLUMNS].map(neutraliseCell);
  for (let after = 0; ;) {
    const page = await failedRowsAfter(db, job.id, after, PAGE_ROWS);
    for (const row of page) {
      const cells = [...keep.map((i) => row.cells[i] ?? ''), row.failure.category, row.failure.description ?? '', String(row.rowNo)];
      yield cells.map(neutraliseCell);
    }
    const last = page.at(-1);
    if (page.length < PAGE_ROWS || !last) return;
    after = last.rowNo;
  }
}

/**
 * The file as a stream of bytes. Reading stops when the consumer stops (a client that leaves
 * ends the database reads); an error while reading destroys the stream with it, so an answer
 * already under way is broken off rather than ending as if complete.
 */
export function failedRowsCsv(db: Knex, job: ImportJobRecord): Readable {
  const csv = stringify({ bom: true, quoted: true, record_delimiter: 'windows', delimiter: job.columns?.delimiter ?? ',' });
  pipeline(Readable.from(records(db, job)), csv, () => undefined);
  return csv;
}

/** `GET /api/imports/{id}/failed-rows.csv`: whoever may read the job may download its failed rows. */
export async function failedRowsFile(deps: Pick<ImportsDeps, 'db' | 'processors'>, scope: OperatorScope, jobId: string) {
  const job = await scope.job(jobId);
  assertFailedRowsReadable(job, deps.processors[job.importType]);
  return { fileName: failedRowsFileName(job), content: failedRowsCsv(deps.db, job) };
}
