import type { Knex } from '@ems/db';
import { InputError } from '@ems/schema';
import { listSourceSystems, listTemplateVariants } from '../data/sourceSystems';
import type { ImportType } from '../domain/importTypes';
import type { UploadContext } from '../domain/rowProcessor';
import type { ColumnMode } from '../domain/stages/columns';
import { gate } from './eventParticipants/gating';

/**
 * An upload's source system (bookend item 4, for the flows that take one): one the operator may
 * import from into these organisations, its template variant of this import type, and the gating
 * decision on (is_self, trustPKs, updatePII). Answers what the source is to the columns stage.
 */
export async function chooseSourceSystem(
  trx: Knex.Transaction,
  upload: UploadContext,
  organisationIds: readonly number[],
  importType: ImportType,
  config: { sourceSystemId: number | null; templateVariantKey: string | null; trustPKs: boolean; updatePII: boolean },
): Promise<ColumnMode['source']> {
  let sourceKind: ColumnMode['source'] = 'none';
  if (config.sourceSystemId !== null) {
    const visible = await listSourceSystems(trx, upload.user.registrationSystemId, organisationIds);
    const source = visible.find((s) => s.id === config.sourceSystemId);
    if (!source)
      throw new InputError(`Source system ${config.sourceSystemId} is not one you can import from`, { code: 'UNKNOWN_SOURCE_SYSTEM' });
    sourceKind = source.isSelf ? 'self' : 'external';
    if (config.templateVariantKey) {
      const variants = await listTemplateVariants(trx, source.id, importType);
      if (!variants.some((v) => v.key === config.templateVariantKey)) {
        throw new InputError(`Template variant "${config.templateVariantKey}" is not one of ${source.name}'s`, {
          code: 'UNKNOWN_TEMPLATE_VARIANT',
        });
      }
    }
  } else if (config.templateVariantKey) {
    throw new InputError('A template variant belongs to a source system: choose the source system too', {
      code: 'TEMPLATE_WITHOUT_SOURCE',
    });
  }
  gate(sourceKind, config.trustPKs, config.updatePII);
  return sourceKind;
}
