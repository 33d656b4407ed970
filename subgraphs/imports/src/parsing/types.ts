import type { Readable } from 'node:stream';

export type FileKind = 'csv' | 'xlsx';

/** What a file's reader may use: the same for the service's previews and the worker's jobs (env.ts). */
export interface ReadLimits {
  maxRows: number;
  xlsxMaxUncompressedBytes: number;
  xlsxWorkerMemoryMb: number;
  xlsxTempDiskBytes: number;
}

export interface TableReadOptions {
  /** XLSX: 0-based sheet to read (workbook tab order); default 0. */
  sheetIndex?: number;
  /** More data rows than this is an InputError. */
  maxRows: number;
  /** An XLSX expanding past this many bytes is refused (zip bomb). */
  xlsxMaxUncompressedBytes: number;
  /** Memory limit of the child process that reads an XLSX (MB): its resident set, watched, and its heap cap. */
  xlsxWorkerMemoryMb: number;
  /** Temp disk one XLSX read may use (bytes): the spooled workbook and anything its reader writes. */
  xlsxTempDiskBytes: number;
  /** Ends the read when whoever asked for it is gone (a preview's client, a job lost or cancelled). */
  signal?: AbortSignal;
  /** Rows per batch; default 2000. */
  batchSize?: number;
  /** CSV: what the operator chose instead of what detection finds (docs/imports.md, "Reading files"). */
  csv?: CsvChoice;
  /**
   * CSV: refuse a chosen encoding the bytes do not fit. The import sets it (it would store
   * replacement characters); the preview does not, so the operator sees what the choice does.
   */
  refuseUndecodable?: boolean;
}

/** The CSV encodings an operator may choose (the ones detection may find). */
export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-15'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** An operator's choice of a CSV's encoding and delimiter; what is not chosen is detected. */
export interface CsvChoice {
  encoding?: CsvEncoding | null;
  delimiter?: string | null;
}

/**
 * Consecutive data rows. `firstRowNumber` is the row as the operator sees it: the header is row 1
 * in a plain file, the i-th row of `rows` is row `firstRowNumber + i`. A skipped empty row ends a
 * batch, so that rule holds inside every batch. Every row has exactly the header's length.
 */
export interface TableBatch {
  firstRowNumber: number;
  rows: string[][];
}

export interface OpenedTable {
  kind: FileKind;
  /** CSV: the detected encoding, e.g. 'utf-8', 'utf-16le', 'windows-1252'. */
  encoding?: string;
  /** CSV: the detected delimiter. */
  delimiter?: string;
  /** XLSX: the sheet read. */
  sheetName?: string;
  /** XLSX: every sheet, in tab order. */
  sheetNames?: string[];
  /** The first non-empty row, trimmed, without trailing empty cells. */
  header: string[];
  /** Data rows only; errors found while reading are thrown from the iterator. Iterate once. */
  batches: AsyncIterable<TableBatch>;
  /** Releases the stream / kills the child process and deletes its files; safe to call twice. */
  close(): Promise<void>;
}

/** Returns a fresh stream of the file's bytes on every call (it is called once to sniff, once to read). */
export type ByteSource = () => NodeJS.ReadableStream | Readable;

/** Rows as a reader found them, before the header is split off; may hold empty rows. */
export interface RowRun {
  firstRowNumber: number;
  rows: string[][];
}
