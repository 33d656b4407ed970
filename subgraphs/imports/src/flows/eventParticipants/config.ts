import { z } from 'zod';
import { InputError } from '@ems/schema';

/**
 * The event-participant upload's form fields (contract: eventId, sourceSystemId, trustPKs,
 * updatePII, templateVariantKey, acknowledgeFingerprintWarning, sheetIndex, createCustom1..3),
 * stored as the job's configJson. Multipart fields are strings: booleans are "true"/"false"
 * (also "1"/"0", "on"), empty means absent.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'on');

const optionalId = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive integer')
  .transform(Number)
  .or(z.literal('').transform(() => null))
  .optional()
  .transform((v) => v ?? null);

const optionalText = z
  .string()
  .max(200)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null));

const schema = z.object({
  eventId: z
    .string({ message: 'eventId is required' })
    .regex(/^\d{1,9}$/, 'eventId must be a positive integer')
    .transform(Number),
  sourceSystemId: optionalId,
  trustPKs: flag,
  updatePII: flag,
  templateVariantKey: optionalText,
  acknowledgeFingerprintWarning: flag,
  sheetIndex: z
    .string()
    .regex(/^\d{1,3}$/, 'sheetIndex must be 0 or a positive integer')
    .transform(Number)
    .or(z.literal('').transform(() => 0))
    .optional()
    .transform((v) => v ?? 0),
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
  const result = schema.safeParse(fields);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InputError(`${issue?.path.join('.') || 'form'}: ${issue?.message ?? 'invalid'}`, { code: 'INVALID_IMPORT_FIELDS' });
  }
  const c = result.data;
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
