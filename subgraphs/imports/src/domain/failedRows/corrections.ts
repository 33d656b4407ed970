import { ConflictError, InputError } from '@ems/schema';
import { failedRowCounts } from '../../data/failedRows';
import type { ImportJobRecord, JobConfig } from '../../data/jobs';
import type { TemplateVariant } from '../../data/sourceSystems';
import type { OpenedTable, TableBatch } from '../../parsing/types';
import type { OperatorScope } from '../access';
import { createImportJob, type ImportsDeps, type Upload } from '../commands';
import { choicesToRemember } from '../stages/cells';
import { assertFailedRowsReadable, FAILURE_COLUMNS } from './failedRowsFile';
import { restoreCell } from '@ems/schema/rules';

/**
 * "Import the corrected failed rows" (docs/imports.md, "Failed rows and corrections"): the
 * operator corrects the failed-rows file of a completed import and uploads it as a new job of the
 * same flow that names the first (`correctsJobId`). The new job takes the first one's target and
 * configJson (event, source system, flags) as they were checked on its upload, and its column
 * mappings and cell choices; its own rows then go through every stage as usual.
 */

/** A corrections upload carries the file, and the sheet to read when it comes back as XLSX. */
function parseCorrectionFields(fields: Record<string, string>): { sheetIndex: number } {
  const unknown = Object.keys(fields).filter((name) => name !== 'sheetIndex');
  if (unknown.length > 0) {
    throw new InputError(
      `A corrections upload takes the file and sheetIndex only; the rest comes from the import it corrects (not: ${unknown.join(', ')})`,
      { code: 'INVALID_IMPORT_FIELDS' },
    );
  }
  const sheetIndex = fields.sheetIndex ?? '';
  if (sheetIndex !== '' && !/^\d{1,3}$/.test(sheetIndex)) {
    throw new InputError('sheetIndex: must be 0 or a positive integer', { code: 'INVALID_IMPORT_FIELDS' });
  }
  return { sheetIndex: sheetIndex === '' ? 0 : Number(sheetIndex) };
}

async function assertCorrectable(deps: ImportsDeps, original: ImportJobRecord): Promise<void> {
  assertFailedRowsReadable(original, deps.processors[original.importType]);
  if (original.state !== 'COMPLETED') {
    throw new ConflictError(`Only the failed rows of a completed import can be imported again; this one is ${original.state}`, {
      code: 'IMPORT_NOT_COMPLETED',
    });
  }
  const failed = (await failedRowCounts(deps.db, [original.id])).get(original.id) ?? 0;
  if (failed === 0) throw new ConflictError('The import has no failed rows to correct', { code: 'NO_FAILED_ROWS' });
}

/**
 * The first job's configJson for the corrections job: the same flags, the sheet of the new file,
 * and a fingerprint warning the operator already acknowledged for these rows stays acknowledged.
 */
function correctionsConfig(original: ImportJobRecord, fields: { sheetIndex: number }): JobConfig {
  return {
    ...original.config,
    sheetIndex: fields.sheetIndex,
    acknowledgeFingerprintWarning: original.config.acknowledgeFingerprintWarning === true || original.verification?.acknowledged === true,
  };
}

/** `POST /api/imports/{id}/corrections` and GraphQL `uploadImportCorrections`. */
export async function uploadCorrections(
  deps: ImportsDeps,
  scope: OperatorScope,
  originalJobId: string,
  fields: Record<string, string> | Promise<Record<string, string>>,
  upload: Upload,
) {
  const original = await scope.job(originalJobId);
  await assertCorrectable(deps, original);
  return createImportJob(deps, scope, original.importType, upload, async () => ({
    organisationId: original.organisationId,
    registrationSystemId: original.registrationSystemId,
    eventId: original.eventId,
    sourceSystemId: original.sourceSystemId,
    config: correctionsConfig(original, parseCorrectionFields(await fields)),
    correctsJobId: original.id,
  }));
}

/** Column mappings and cell choices remembered for a file's header, in a template variant's shape (F10). */
export type RememberedChoices = Pick<TemplateVariant, 'columnMappings' | 'cellChoices'> & { key: string | null };

/**
 * What a corrections job remembers: the first job's column mappings (its failure columns
 * ignored) and its cell choices, except "none": a value the operator corrected in the file is
 * resolved again, and one still unresolved is asked again rather than failing silently.
 */
export function choicesOfCorrectedJob(original: ImportJobRecord): RememberedChoices {
  return {
    key: original.columns?.templateVariantKey ?? null,
    columnMappings: [
      ...(original.columns?.mappings ?? []).map((m) => ({ header: m.header, field: m.field })),
      ...FAILURE_COLUMNS.map((header) => ({ header, field: null })),
    ],
    cellChoices: original.cells ? choicesToRemember(original.cells).filter((c) => c.targetId !== null) : [],
  };
}

async function* restoredBatches(batches: AsyncIterable<TableBatch>): AsyncGenerator<TableBatch> {
  for await (const batch of batches) yield { ...batch, rows: batch.rows.map((row) => row.map(restoreCell)) };
}

/** A corrections job's file read back: the cells the failed-rows file neutralised have their values again. */
export function restoredTable(table: OpenedTable): OpenedTable {
  return { ...table, header: table.header.map(restoreCell), batches: restoredBatches(table.batches) };
}
