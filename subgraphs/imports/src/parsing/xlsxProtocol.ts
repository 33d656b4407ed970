/** Messages between `readXlsx` (parent) and `xlsxWorker` (child), over the fork's IPC channel. */
import type { RowRun } from './types';

export type ToXlsxWorker =
  /** Read the worksheet stored as `xl/worksheets/sheet<sheetFileNumber>.xml`. */
  | { type: 'read'; file: string; sheetFileNumber: string; runSize: number }
  /** The parent took the last run; the child may send the next one. */
  | { type: 'ack' };

export type FromXlsxWorker =
  | ({ type: 'run' } & RowRun)
  | { type: 'end' }
  /** exceljs could not make sense of the workbook. */
  | { type: 'invalid'; detail: string };
