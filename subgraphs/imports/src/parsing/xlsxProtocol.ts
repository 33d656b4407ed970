/** Messages between `readXlsx` (parent) and `xlsxWorker` (child), over the fork's IPC channel. */
import type { RowRun } from './types';
import type { ZipEntry } from './zipIndex';

/** The parts of a workbook the child reads, as the parent's checked index found them. */
export interface WorkbookParts {
  workbook: ZipEntry;
  relationships: ZipEntry;
  sharedStrings: ZipEntry | null;
  styles: ZipEntry | null;
  /** The chosen sheet's part, named `xl/worksheets/sheet<N>.xml`. */
  sheet: ZipEntry;
  /** workbook.xml's `<workbookPr date1904>`: serial day numbers count from 1904. */
  date1904: boolean;
}

export type ToXlsxWorker =
  /** Read the chosen sheet, inflating at most `maxUncompressedBytes` in all. */
  | { type: 'read'; file: string; parts: WorkbookParts; maxUncompressedBytes: number; runSize: number }
  /** The parent took the last run; the child may send the next one. */
  | { type: 'ack' };

export type FromXlsxWorker =
  | ({ type: 'run' } & RowRun)
  | { type: 'end' }
  /** exceljs could not make sense of the workbook. */
  | { type: 'invalid'; detail: string }
  /** The parts inflated past the budget. */
  | { type: 'tooLarge' };
