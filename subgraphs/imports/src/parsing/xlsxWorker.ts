/**
 * Child process entry: reads one worksheet of an XLSX with exceljs's streaming reader and sends
 * its rows to the parent in runs, one unacknowledged run at a time. It runs apart so that a
 * workbook exhausting its memory kills this process (the parent's watchdog, `readerWatchdog.ts`,
 * or V8's heap cap), not the import worker.
 *
 * exceljs never walks the upload: it reads, through its public streaming reader, a fresh zip made
 * from the parent's checked index (`zipIndex.ts`). That zip holds only the parts the reader needs,
 * each inflated by us with its bytes counted and stored uncompressed (exceljs inflates nothing we
 * have not counted), in the order that lets exceljs read the sheet as it streams by: a sheet met
 * before the shared strings is spooled to disk, so the chosen sheet comes last, and only it.
 */
import ExcelJS from 'exceljs';
import { InputError } from '@ems/schema';
import { measure, storedZip, type StoredPart } from './storedZip';
import { wholeCharacters } from './wholeCharacters';
import { cellText } from './xlsxCellText';
import type { FromXlsxWorker, ToXlsxWorker, WorkbookParts } from './xlsxProtocol';
import type { RowRun } from './types';
import { InflateBudget, openZipEntry, type ZipEntry } from './zipIndex';

/** Excel's last column (XFD); a cell further right is no spreadsheet's. */
const MAX_SHEET_COLUMNS = 16_384;

/** A shared-string table with no strings, for a workbook without one (its cells are inline). */
const NO_SHARED_STRINGS = Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

let acknowledged: Promise<void> = Promise.resolve();
let acknowledge: () => void = () => undefined;

function send(message: FromXlsxWorker): Promise<void> {
  return new Promise((resolve, reject) => process.send!(message, undefined, {}, (err) => (err ? reject(err) : resolve())));
}

/** Waits for the parent to take the previous run, so this process never runs ahead by more than one. */
async function sendRun(run: RowRun): Promise<void> {
  await acknowledged;
  acknowledged = new Promise((resolve) => (acknowledge = resolve));
  await send({ type: 'run', ...run });
}

/**
 * One part of the fresh zip, inflated twice: once now, its bytes counted against `budget`, to
 * learn its size for the zip's local header; once as the zip is read, held to that size.
 */
async function partOf(file: string, entry: ZipEntry, budget: InflateBudget): Promise<StoredPart> {
  const { size, crc32 } = await measure(openZipEntry(file, entry, budget));
  // exceljs decodes every chunk on its own, so no chunk may end inside a character.
  const content = () => wholeCharacters(openZipEntry(file, entry, new InflateBudget(size)));
  return { name: entry.name, size, crc32, content };
}

async function fixedPart(name: string, bytes: Buffer): Promise<StoredPart> {
  return { name, ...(await measure([bytes])), content: () => [bytes] };
}

/**
 * The zip exceljs reads: relationships and workbook (sheet names), shared strings (an empty table
 * when the workbook has none: exceljs spools a sheet it meets before any), styles (dates), then
 * the chosen sheet under its own name. `[Content_Types].xml` and `_rels/.rels` are left out:
 * exceljs's streaming reader does not read them.
 */
async function readerZip(file: string, parts: WorkbookParts, budget: InflateBudget): Promise<StoredPart[]> {
  return [
    await partOf(file, parts.relationships, budget),
    await partOf(file, parts.workbook, budget),
    parts.sharedStrings ? await partOf(file, parts.sharedStrings, budget) : await fixedPart('xl/sharedStrings.xml', NO_SHARED_STRINGS),
    ...(parts.styles ? [await partOf(file, parts.styles, budget)] : []),
    await partOf(file, parts.sheet, budget),
  ];
}

async function sendRows(worksheet: ExcelJS.stream.xlsx.WorksheetReader, date1904: boolean, runSize: number): Promise<void> {
  let run: RowRun | null = null;
  for await (const row of worksheet) {
    const cells: string[] = [];
    let beyond = false;
    row.eachCell((cell, column) => {
      if (column > MAX_SHEET_COLUMNS) beyond = true;
      if (beyond) return;
      while (cells.length < column - 1) cells.push('');
      cells[column - 1] = cellText(cell.value, { numFmt: cell.numFmt, date1904 });
    });
    if (beyond) throw new Error(`a cell past column ${MAX_SHEET_COLUMNS}`);
    if (run && (run.firstRowNumber + run.rows.length !== row.number || run.rows.length >= runSize)) {
      await sendRun(run);
      run = null;
    }
    if (!run) run = { firstRowNumber: row.number, rows: [] };
    run.rows.push(cells);
  }
  if (run) await sendRun(run);
  await acknowledged;
}

async function readSheet(file: string, parts: WorkbookParts, maxUncompressedBytes: number, runSize: number): Promise<void> {
  const zip = storedZip(await readerZip(file, parts, new InflateBudget(maxUncompressedBytes)));
  // exceljs pipes the zip into its unzipper, and a pipe does not pass a failure on: a part that
  // fails while the zip is read would leave exceljs waiting, so the zip's own failure ends the read.
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  // Styles are needed to tell a date from a number; hyperlinks are left as their cell text.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(zip, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  });
  const read = (async () => {
    let sheets = 0;
    for await (const worksheet of reader) {
      if (sheets++ > 0) throw new Error('exceljs found a second worksheet in a zip of one');
      await sendRows(worksheet, parts.date1904, runSize);
    }
    if (sheets === 0) throw new Error('exceljs found no worksheet');
  })();
  // Whichever settles second must not reject unhandled: that would kill this process before the
  // first one's reason reached the parent.
  read.catch(() => undefined);
  failed.catch(() => undefined);
  await Promise.race([read, failed]);
}

/** Why reading stopped, for the parent: over the budget, or anything else the workbook did wrong. */
function failure(err: unknown): FromXlsxWorker {
  if (err instanceof InputError && err.code === 'XLSX_TOO_LARGE') return { type: 'tooLarge' };
  return { type: 'invalid', detail: err instanceof Error ? err.message : String(err) };
}

// The parent is gone (killed, crashed): nobody will take the rows, and nobody would kill this one.
process.on('disconnect', () => process.exit(1));

process.on('message', (message: ToXlsxWorker) => {
  if (message.type === 'ack') acknowledge();
  if (message.type !== 'read') return;
  readSheet(message.file, message.parts, message.maxUncompressedBytes, message.runSize).then(
    () => send({ type: 'end' }).then(() => process.exit(0)),
    (err: unknown) => send(failure(err)).then(() => process.exit(0)),
  );
});
