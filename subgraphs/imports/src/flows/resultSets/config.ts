import { z } from 'zod';
import { eventIdField, flag, optionalText, parseFormFields, sheetIndexField } from '../../domain/formFields';
import { InputError } from '@ems/schema';
import { PARTICIPANT_KEY_KINDS, POINTS_CALCULATOR_NAMES, type ParticipantKeyKind, type PointsCalculatorName } from './membershipPort';

/**
 * The result-set upload's form fields (contract: eventId, participantIdMode, applyNumberChanges,
 * pointsCalculator, plus the file), stored as the job's configJson; also `resultSetName` (which
 * set the file fills; default: the file's name without its extension) and `sheetIndex` (XLSX).
 * No source system: E08 has no source-system dropdown and no gating (contract).
 */
const upperEnum = <T extends string>(values: readonly T[], fallback: T, field: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().toUpperCase())
    .refine((v) => v === '' || (values as readonly string[]).includes(v), `${field} must be one of ${values.join(', ')}`)
    .transform((v) => (v === '' ? fallback : (v as T)));

const schema = z.object({
  eventId: eventIdField,
  participantIdMode: upperEnum(PARTICIPANT_KEY_KINDS, 'BIB', 'participantIdMode'),
  applyNumberChanges: flag,
  pointsCalculator: upperEnum(POINTS_CALCULATOR_NAMES, 'NONE', 'pointsCalculator'),
  resultSetName: optionalText,
  sheetIndex: sheetIndexField,
});

export interface ResultSetImportConfig {
  eventId: number;
  /** How a row finds its participant: its bib, membership's participant id, or the source's external id. */
  participantIdMode: ParticipantKeyKind;
  /** Whether a row's bib may change its participant's start number (not in BIB mode, where the bib is the key). */
  applyNumberChanges: boolean;
  pointsCalculator: PointsCalculatorName;
  /** Null: the set is named after the file. */
  resultSetName: string | null;
  sheetIndex: number;
}

export function parseResultSetConfig(fields: Record<string, string>): ResultSetImportConfig {
  const config = parseFormFields(schema, fields);
  if (config.applyNumberChanges && config.participantIdMode === 'BIB') {
    throw new InputError(
      'applyNumberChanges needs participantIdMode PARTICIPANT_ID or EXTERNAL_ID: with BIB the bib finds the participant, so it cannot also change',
      { code: 'NUMBER_CHANGES_NEED_ID_MODE' },
    );
  }
  return config;
}

const MAX_NAME_LENGTH = 200;

/**
 * The name of the set a job fills: the upload's `resultSetName`, or the file's name without its
 * extension ("10km.csv" fills "10km"), so that a corrected file of the same name replaces the set.
 */
export function resultSetNameOf(config: ResultSetImportConfig & { fileName?: string }): string {
  if (config.resultSetName) return config.resultSetName.slice(0, MAX_NAME_LENGTH);
  const base = (config.fileName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return (base || 'Results').slice(0, MAX_NAME_LENGTH);
}
