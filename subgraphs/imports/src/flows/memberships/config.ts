import { z } from 'zod';
import { flag, optionalText, parseFormFields, sheetIndexField } from '../../domain/formFields';

/**
 * The membership import's form fields (docs/imports.md, "Membership import"), stored as the job's
 * configJson:
 * - organisationId: the organisation the members join; may be left out by an operator of exactly one.
 * - periodId: the period of rows that name none (a file of one season usually has no period column).
 * - sourceSystemId, trustPKs, updatePII, templateVariantKey, acknowledgeFingerprintWarning: the
 *   participant import's (the same gating on is_self, trustPKs and updatePII; F7 with a source system).
 * - sheetIndex: the XLSX sheet.
 */
const optionalId = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a positive integer`)
    .transform(Number)
    .or(z.literal('').transform(() => null))
    .optional()
    .transform((v) => v ?? null);

const schema = z.object({
  organisationId: optionalId('organisationId'),
  periodId: optionalId('periodId'),
  sourceSystemId: optionalId('sourceSystemId'),
  trustPKs: flag,
  updatePII: flag,
  templateVariantKey: optionalText,
  acknowledgeFingerprintWarning: flag,
  sheetIndex: sheetIndexField,
});

export type MembershipImportConfig = z.output<typeof schema>;

export function parseMembershipConfig(fields: Record<string, string>): MembershipImportConfig {
  return parseFormFields(schema, fields);
}
