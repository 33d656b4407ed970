import { z } from 'zod';
import { eventIdField, flag, optionalText, parseFormFields, sheetIndexField } from '../../domain/formFields';

/**
 * The event-participant upload's form fields (contract: eventId, sourceSystemId, trustPKs,
 * updatePII, templateVariantKey, acknowledgeFingerprintWarning, sheetIndex, createCustom1..3),
 * stored as the job's configJson.
 */
const optionalId = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive integer')
  .transform(Number)
  .or(z.literal('').transform(() => null))
  .optional()
  .transform((v) => v ?? null);

const schema = z.object({
  eventId: eventIdField,
  sourceSystemId: optionalId,
  trustPKs: flag,
  updatePII: flag,
  templateVariantKey: optionalText,
  acknowledgeFingerprintWarning: flag,
  sheetIndex: sheetIndexField,
  createCustom1: optionalText,
  createCustom2: optionalText,
  createCustom3: optionalText,
});

export interface ParticipantImportConfig {
  eventId: number;
  sourceSystemId: number | null;
  trustPKs: boolean;
  updatePII: boolean;
  templateVariantKey: string | null;
  acknowledgeFingerprintWarning: boolean;
  sheetIndex: number;
  /** createCustom1..3: the header of the column kept as the participant's custom field N. */
  createCustom: [string | null, string | null, string | null];
}

export function parseParticipantConfig(fields: Record<string, string>): ParticipantImportConfig {
  const c = parseFormFields(schema, fields);
  return {
    eventId: c.eventId,
    sourceSystemId: c.sourceSystemId,
    trustPKs: c.trustPKs,
    updatePII: c.updatePII,
    templateVariantKey: c.templateVariantKey,
    acknowledgeFingerprintWarning: c.acknowledgeFingerprintWarning,
    sheetIndex: c.sheetIndex,
    createCustom: [c.createCustom1, c.createCustom2, c.createCustom3],
  };
}
