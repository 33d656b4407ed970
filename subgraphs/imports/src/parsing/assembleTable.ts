import { MAX_COLUMNS, MAX_HEADER_CHARS, readErrors } from './messages';
import type { InputError } from '@ems/schema';
import type { RowRun, TableBatch } from './types';

export const DEFAULT_BATCH_SIZE = 2000;

export interface AssembleOptions {
  maxRows: number;
  batchSize: number;
  /** What to say when no row has a value (the file, or the chosen sheet, is empty). */
  whenEmpty: () => InputError;
}

export interface AssembledTable {
  header: string[];
  batches: AsyncIterable<TableBatch>;
}

/** A row whose cells are all blank is no row: Excel exports trail `;;;;` lines, people leave gaps. */
export function isBlankRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

/** A NUL, or half of a UTF-16 surrogate pair on its own (with the `u` flag a whole pair is one code point). */
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u; // eslint-disable-line no-control-regex

/**
 * What PostgreSQL cannot store is refused by row, here, rather than failing in the database or
 * being stored as something else: a NUL, and a lone surrogate (a UTF-16 file can hold one; it
 * would reach the database as U+FFFD, where every other input refuses it: `isAcceptedText`).
 */
function refuseUnstorable(cells: readonly string[], where: string): void {
  for (const cell of cells) {
    if (UNSTORABLE.test(cell)) throw cell.includes('\u0000') ? readErrors.nulCharacter(where) : readErrors.loneSurrogate(where);
  }
}

/**
 * Header cells are trimmed and trailing blank ones dropped (`a;b;c;` names three columns). A
 * header wider than `MAX_COLUMNS` or longer than `MAX_HEADER_CHARS` is refused: it is part of
 * every answer about the job, polled while it runs.
 */
export function headerOf(cells: readonly string[]): string[] {
  refuseUnstorable(cells, 'The header row');
  const header = cells.map((cell) => cell.trim());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  if (header.length > MAX_COLUMNS) throw readErrors.tooManyColumns(header.length);
  if (header.reduce((sum, name) => sum + name.length, 0) > MAX_HEADER_CHARS) throw readErrors.headerTooLong();
  return header;
}

/**
 * Every data row gets the header's length, so a consumer can index cells by column: short rows are
 * padded with '', trailing blank cells past the header are dropped. A value past the header has no
 * column to go to and in a CSV means a shifted row; importing it would misplace data, so it fails.
 */
export function fitRowToHeader(cells: string[], headerLength: number, rowNumber: number): string[] {
  refuseUnstorable(cells, `Row ${rowNumber}`);
  if (cells.length > headerLength) {
    for (let c = headerLength; c < cells.length; c++) {
      if (cells[c] !== '' && cells[c]!.trim() !== '') throw readErrors.cellBeyondHeader(rowNumber, c + 1, headerLength);
    }
    cells.length = headerLength;
  }
  while (cells.length < headerLength) cells.push('');
  return cells;
}

async function* dataBatches(
  runs: AsyncIterator<RowRun>,
  pending: { run: RowRun; index: number } | null,
  header: string[],
  options: AssembleOptions,
): AsyncGenerator<TableBatch> {
  let batch: TableBatch | null = null;
  let dataRows = 0;
  let current = pending;
  for (;;) {
    if (!current) {
      const next = await runs.next();
      if (next.done) break;
      current = { run: next.value, index: 0 };
    }
    const { run } = current;
    for (let i = current.index; i < run.rows.length; i++) {
      const cells = run.rows[i]!;
      const rowNumber = run.firstRowNumber + i;
      const continuesBatch = batch !== null && batch.firstRowNumber + batch.rows.length === rowNumber;
      if (isBlankRow(cells)) continue;
      if (++dataRows > options.maxRows) throw readErrors.tooManyRows(options.maxRows);
      if (batch && (!continuesBatch || batch.rows.length >= options.batchSize)) {
        yield batch;
        batch = null;
      }
      if (!batch) batch = { firstRowNumber: rowNumber, rows: [] };
      batch.rows.push(fitRowToHeader(cells, header.length, rowNumber));
    }
    current = null;
  }
  if (batch) yield batch;
}

/**
 * Splits runs of raw rows into the header (the first non-blank row) and batches of data rows.
 * The first batch is read before returning, so an empty file or a header without data fails
 * here rather than in the middle of an import.
 */
export async function assembleTable(runs: AsyncIterator<RowRun>, options: AssembleOptions): Promise<AssembledTable> {
  let headerAt: { run: RowRun; index: number } | null = null;
  while (!headerAt) {
    const next = await runs.next();
    if (next.done) throw options.whenEmpty();
    const index = next.value.rows.findIndex((cells) => !isBlankRow(cells));
    if (index >= 0) headerAt = { run: next.value, index };
  }
  const header = headerOf(headerAt.run.rows[headerAt.index]!);
  const rest = dataBatches(runs, { run: headerAt.run, index: headerAt.index + 1 }, header, options);
  const first = await rest.next();
  if (first.done) throw readErrors.noDataRows();
  async function* batches(): AsyncGenerator<TableBatch> {
    yield first.value as TableBatch;
    yield* rest;
  }
  return { header, batches: batches() };
}
