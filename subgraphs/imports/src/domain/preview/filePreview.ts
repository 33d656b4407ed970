import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { listTemplateVariants } from '../../data/sourceSystems';
import { InputError } from '@ems/schema';
import { detectKind, openTable, xlsxSheetNames, type CsvChoice, type FileKind, type ReadLimits } from '../../parsing';
import { readPrefix } from '../../parsing/readPrefix';
import type { ByteSource } from '../../parsing/types';
import type { OperatorScope } from '../access';
import type { ImportsDeps, Upload } from '../commands';
import { delimiterName, parseCsvChoice, parseFormFields, sheetIndexField, type DelimiterName } from '../formFields';
import { isImportType, type ImportType } from '../importTypes';
import { visibleSourceSystem } from '../sourceSystemAccess';
import { variantOfHeader } from '../templateVariants';

/** Rows an upload screen shows before the operator submits. */
export const PREVIEW_ROWS = 10;

/** What the reader may use for a preview: the worker's limits (env.ts). */
export type PreviewLimits = ReadLimits;

/** What the upload screen shows of a chosen file, read exactly as the import will read it. */
export interface FilePreview {
  kind: FileKind;
  /** CSV: the encoding read (detected, or the one chosen). */
  encoding: string | null;
  /** CSV: the delimiter read, by its form name (comma, semicolon, tab, pipe). */
  delimiter: DelimiterName | null;
  /** XLSX: every sheet in tab order, and the one read. */
  sheets: string[];
  sheetIndex: number;
  header: string[];
  /** The first data rows, with their row numbers as a spreadsheet shows them. */
  rows: Array<{ rowNo: number; cells: string[] }>;
  /** F10: the source system's template variant this header is recognised by (null: none). */
  templateVariantKey: string | null;
  /**
   * Why the file cannot be read this way (the reader's message, as the import would fail), or
   * null. A value, not an error: the screen still offers the other sheets, encodings, delimiters.
   */
  problem: string | null;
}

const optionalId = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive integer')
  .transform(Number)
  .or(z.literal('').transform(() => null))
  .optional()
  .transform((v) => v ?? null);

const previewFields = z.object({
  sheetIndex: sheetIndexField,
  sourceSystemId: optionalId,
  importType: z
    .string()
    .refine(isImportType, 'is not an import type')
    .or(z.literal('').transform(() => null))
    .optional()
    .transform((v) => (v ?? null) as ImportType | null),
});

type PreviewFields = z.output<typeof previewFields>;

/**
 * `POST /api/imports/preview`: the first rows of a file as the import would read them (the same
 * reader, the operator's encoding, delimiter and sheet), and the template variant its header is
 * recognised by, for every flow alike. Nothing is stored: the file is spooled to a private temp
 * directory (the reader reads it twice: to detect, then to read) and deleted. A screen sends a
 * CSV's first part only; the preview reads no further than its first rows. `signal` ends the
 * read (and kills an XLSX reader) when the client has gone.
 */
export async function previewFile(
  deps: ImportsDeps,
  limits: PreviewLimits,
  scope: OperatorScope,
  fields: Promise<Record<string, string>>,
  upload: Upload,
  signal?: AbortSignal,
): Promise<FilePreview> {
  await scope.requireOperator();
  const dir = await mkdtemp(path.join(tmpdir(), 'ems-preview-'));
  try {
    const file = path.join(dir, 'upload');
    await pipeline(Readable.from(upload.body), createWriteStream(file, { mode: 0o600 }), { signal });
    const form = await fields;
    const options = parseFormFields(previewFields, form);
    const csv = parseCsvChoice(form);
    const source = () => createReadStream(file);
    let read: Omit<FilePreview, 'templateVariantKey'>;
    try {
      read = await firstRows(source, options, csv, limits, signal);
    } catch (err) {
      if (!(err instanceof InputError) || signal?.aborted) throw err;
      read = await unreadable(source, options, csv, limits, err.message);
    }
    return { ...read, templateVariantKey: await recognisedVariant(deps, scope, options.sourceSystemId, options.importType, read.header) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function firstRows(
  source: ByteSource,
  options: PreviewFields,
  csv: CsvChoice | null,
  limits: PreviewLimits,
  signal?: AbortSignal,
): Promise<Omit<FilePreview, 'templateVariantKey'>> {
  const table = await openTable(source, {
    sheetIndex: options.sheetIndex,
    csv: csv ?? undefined,
    ...limits,
    batchSize: PREVIEW_ROWS,
    signal,
  });
  const rows: FilePreview['rows'] = [];
  let problem: string | null = null;
  try {
    for await (const batch of table.batches) {
      batch.rows.forEach((cells, i) => rows.push({ rowNo: batch.firstRowNumber + i, cells }));
      if (rows.length >= PREVIEW_ROWS) break;
    }
  } catch (err) {
    // A row the reader refuses (a value past the header): the rows before it, and why.
    if (!(err instanceof InputError)) throw err;
    problem = err.message;
  } finally {
    await table.close();
  }
  return {
    kind: table.kind,
    encoding: table.encoding ?? null,
    delimiter: delimiterName(table.delimiter),
    sheets: table.sheetNames ?? [],
    sheetIndex: table.kind === 'xlsx' ? options.sheetIndex : 0,
    header: table.header,
    rows: rows.slice(0, PREVIEW_ROWS),
    problem,
  };
}

/**
 * A file the reader refused: what is known of it (a workbook's sheets), and why. A workbook whose
 * sheets cannot even be listed (no valid workbook, too large) is refused with its 400: no choice
 * on the screen can help, and the job would fail the same way.
 */
async function unreadable(
  source: ByteSource,
  options: PreviewFields,
  csv: CsvChoice | null,
  limits: PreviewLimits,
  problem: string,
): Promise<Omit<FilePreview, 'templateVariantKey'>> {
  const prefix = await readPrefix(source, 8);
  let kind: FileKind = 'csv';
  try {
    kind = detectKind(prefix.bytes);
  } catch {
    // Neither kind: the problem says so.
  }
  const sheets =
    kind === 'xlsx'
      ? await xlsxSheetNames(source, { maxUncompressedBytes: limits.xlsxMaxUncompressedBytes, tempDiskBytes: limits.xlsxTempDiskBytes })
      : [];
  return {
    kind,
    encoding: kind === 'csv' ? (csv?.encoding ?? null) : null,
    delimiter: kind === 'csv' ? delimiterName(csv?.delimiter ?? undefined) : null,
    sheets,
    sheetIndex: kind === 'xlsx' ? options.sheetIndex : 0,
    header: [],
    rows: [],
    problem,
  };
}

async function recognisedVariant(
  deps: ImportsDeps,
  scope: OperatorScope,
  sourceSystemId: number | null,
  importType: ImportType | null,
  header: readonly string[],
): Promise<string | null> {
  if (sourceSystemId === null || importType === null) return null;
  await visibleSourceSystem(deps, scope, sourceSystemId);
  return variantOfHeader(await listTemplateVariants(deps.db, sourceSystemId, importType), header)?.key ?? null;
}
