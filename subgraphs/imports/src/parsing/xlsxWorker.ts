/**
 * Child process entry: reads one worksheet of an XLSX with exceljs's streaming reader and sends
 * its rows to the parent in runs, one unacknowledged run at a time. It runs apart so that a
 * workbook exhausting its memory kills this process (the parent's watchdog, `readerWatchdog.ts`,
 * or V8's heap cap), not the import worker.
 *
 * The zip is not exceljs's to walk: the parts come from the parent's checked index (`zipIndex.ts`),
 * their inflated bytes counted, in the order the reader needs them (shared strings and styles
 * before the sheet, so nothing is spooled to disk), and only the chosen sheet is read.
 */
import ExcelJS from 'exceljs';
import { InputError } from '@ems/schema';
import { cellText } from './xlsxCellText';
import type { FromXlsxWorker, ToXlsxWorker, WorkbookParts } from './xlsxProtocol';
import type { RowRun } from './types';
import { InflateBudget, openZipEntry, type ZipEntry } from './zipIndex';

/** Excel's last column (XFD); a cell further right is no spreadsheet's. */
const MAX_SHEET_COLUMNS = 16_384;

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

/** The parts of exceljs's `WorkbookReader` that read one part each; its own `parse()` walks the zip. */
interface PartParsers {
  properties?: { model?: { date1904?: boolean } };
  _parseRels(part: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(part: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(part: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseStyles(part: NodeJS.ReadableStream): Promise<void>;
  _parseWorksheet(
    part: AsyncIterable<unknown>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** exceljs's reader with the zip walk replaced by our index; the parts are parsed by exceljs as before. */
function indexedWorksheet(file: string, parts: WorkbookParts, budget: InflateBudget) {
  // Styles are needed to tell a date from a number; hyperlinks are left as their cell text.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  });
  const parsers = reader as unknown as PartParsers;
  // Decoded by one streaming decoder per part, so a character split across chunks stays whole.
  const open = (entry: ZipEntry) => openZipEntry(file, entry, budget).setEncoding('utf8');
  return {
    date1904: () => Boolean(parsers.properties?.model?.date1904),
    async worksheet(): Promise<ExcelJS.stream.xlsx.WorksheetReader> {
      if (parts.relationships) await parsers._parseRels(open(parts.relationships));
      await parsers._parseWorkbook(open(parts.workbook));
      // Cached on the reader ('cache'); the generator yields only in 'emit' mode.
      if (parts.sharedStrings) {
        const strings = parsers._parseSharedStrings(open(parts.sharedStrings));
        while (!(await strings.next()).done);
      }
      if (parts.styles) await parsers._parseStyles(open(parts.styles));
      const [event] = [...parsers._parseWorksheet(open(parts.sheet), parts.sheetFileNumber)];
      if (!event) throw new Error('exceljs emitted no worksheet');
      return event.value;
    },
  };
}

async function readSheet(file: string, parts: WorkbookParts, maxUncompressedBytes: number, runSize: number): Promise<void> {
  const workbook = indexedWorksheet(file, parts, new InflateBudget(maxUncompressedBytes));
  const worksheet = await workbook.worksheet();
  const date1904 = workbook.date1904();
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
