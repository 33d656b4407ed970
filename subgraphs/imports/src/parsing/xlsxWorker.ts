/**
 * Child process entry: reads one worksheet of an XLSX with exceljs's streaming reader and sends
 * its rows to the parent in runs, one unacknowledged run at a time. It runs apart so that a
 * workbook exhausting its heap (`--max-old-space-size`) kills this process, not the import worker.
 */
import ExcelJS from 'exceljs';
import { cellText } from './xlsxCellText';
import type { FromXlsxWorker, ToXlsxWorker } from './xlsxProtocol';
import type { RowRun } from './types';

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

interface ReaderInternals {
  properties?: { model?: { date1904?: boolean } };
}

async function readSheet(file: string, sheetFileNumber: string, runSize: number): Promise<void> {
  // Styles are needed to tell a date from a number; hyperlinks are left as their cell text.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  // exceljs renames a sheet after its tab only when it can; the file number it announces just
  // before handing the sheet out is what identifies it.
  let announced = null as string | null;
  (reader as unknown as NodeJS.EventEmitter).on('entry', (entry: { type: string; id?: string }) => {
    if (entry.type === 'worksheet') announced = String(entry.id);
  });
  for await (const worksheet of reader) {
    if (announced !== sheetFileNumber) continue;
    const date1904 = Boolean((reader as unknown as ReaderInternals).properties?.model?.date1904);
    let run: RowRun | null = null;
    for await (const row of worksheet) {
      const cells: string[] = [];
      row.eachCell((cell, column) => {
        while (cells.length < column - 1) cells.push('');
        cells[column - 1] = cellText(cell.value, { numFmt: cell.numFmt, date1904 });
      });
      if (run && (run.firstRowNumber + run.rows.length !== row.number || run.rows.length >= runSize)) {
        await sendRun(run);
        run = null;
      }
      if (!run) run = { firstRowNumber: row.number, rows: [] };
      run.rows.push(cells);
    }
    if (run) await sendRun(run);
    break;
  }
  await acknowledged;
}

process.on('message', (message: ToXlsxWorker) => {
  if (message.type === 'ack') acknowledge();
  if (message.type !== 'read') return;
  readSheet(message.file, message.sheetFileNumber, message.runSize).then(
    () => send({ type: 'end' }).then(() => process.exit(0)),
    (err: unknown) => send({ type: 'invalid', detail: err instanceof Error ? err.message : String(err) }).then(() => process.exit(0)),
  );
});
