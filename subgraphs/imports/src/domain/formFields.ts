import { z } from 'zod';
import { InputError } from '@ems/schema';
import { CSV_ENCODINGS, DELIMITERS, type CsvChoice } from '../parsing';

/**
 * The upload forms' fields, as every flow reads them (bookend item 5). Multipart fields are
 * strings: booleans are "true"/"false" (also "1"/"0", "on"/"off"), and an empty field means absent.
 */
export const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'on');

export const optionalText = z
  .string()
  .max(200)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null));

export const eventIdField = z
  .string({ message: 'eventId is required' })
  .regex(/^\d{1,9}$/, 'eventId must be a positive integer')
  .transform(Number);

/** The XLSX sheet to read, 0-based in tab order; absent or empty: the first. */
export const sheetIndexField = z
  .string()
  .regex(/^\d{1,3}$/, 'sheetIndex must be 0 or a positive integer')
  .transform(Number)
  .or(z.literal('').transform(() => 0))
  .optional()
  .transform((v) => v ?? 0);

/** Parses the form with `schema`; the first problem is the contract's 400 (INVALID_IMPORT_FIELDS), naming the field. */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'form';
    const message = issue?.message ?? 'invalid';
    // "eventId is required", not "eventId: eventId is required": most messages name their field.
    throw new InputError(message.startsWith(field) ? message : `${field}: ${message}`, { code: 'INVALID_IMPORT_FIELDS' });
  }
  return result.data;
}

/** The delimiters by the names a form sends (a tab is no character a form field should carry). */
export const DELIMITER_NAMES = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' } as const satisfies Record<
  string,
  (typeof DELIMITERS)[number]
>;
export type DelimiterName = keyof typeof DELIMITER_NAMES;

export function delimiterName(delimiter: string | undefined): DelimiterName | null {
  return (Object.keys(DELIMITER_NAMES) as DelimiterName[]).find((name) => DELIMITER_NAMES[name] === delimiter) ?? null;
}

/** One of `allowed`, or absent / empty: null. Unions would lose the message, so one refine. */
function optionalChoice<T extends string>(name: string, allowed: readonly T[]) {
  return z
    .string()
    .optional()
    .refine((v) => !v || (allowed as readonly string[]).includes(v), `${name} must be one of ${allowed.join(', ')}`)
    .transform((v) => (v ? (v as T) : null));
}

const csvChoiceSchema = z.object({
  encoding: optionalChoice('encoding', CSV_ENCODINGS),
  delimiter: optionalChoice('delimiter', Object.keys(DELIMITER_NAMES) as DelimiterName[]),
});

/**
 * Every upload's `encoding` and `delimiter` (optional, CSV only): what the operator chose in the
 * preview when detection guessed wrong. Absent or empty: detected, as always.
 */
export function parseCsvChoice(fields: Record<string, string>): CsvChoice | null {
  const { encoding, delimiter } = parseFormFields(csvChoiceSchema, fields);
  if (!encoding && !delimiter) return null;
  return { encoding, delimiter: delimiter ? DELIMITER_NAMES[delimiter] : null };
}
