import type { Knex } from '@ems/db';
import { InputError, NotFoundError } from '@ems/schema';
import { listSourceSystems, listTemplateVariants } from '../../data/sourceSystems';
import type { PreparedUpload, UploadContext } from '../../domain/rowProcessor';
import type { ColumnMode } from '../../domain/stages/columns';
import { parseParticipantConfig } from './config';
import { gate } from './gating';
import type { ParticipantsPort } from './membershipPort';

/**
 * The event-participant upload's bookend (item 5): the form fields, the event the operator may
 * import into, the source system they may import from, its template variant, and the gating
 * decision on (is_self, trustPKs, updatePII), all before the job exists.
 */
export async function prepareParticipantUpload(
  port: Pick<ParticipantsPort, 'eventForOperator'>,
  trx: Knex.Transaction,
  upload: UploadContext,
): Promise<PreparedUpload> {
  const config = parseParticipantConfig(upload.fields);
  const event = await port.eventForOperator(trx, config.eventId, upload.organisationIds);
  if (!event) throw new NotFoundError('Event not found', { code: 'EVENT_NOT_FOUND' });
  let sourceKind: ColumnMode['source'] = 'none';
  if (config.sourceSystemId !== null) {
    const visible = await listSourceSystems(trx, upload.user.registrationSystemId, upload.organisationIds);
    const source = visible.find((s) => s.id === config.sourceSystemId);
    if (!source)
      throw new InputError(`Source system ${config.sourceSystemId} is not one you can import from`, { code: 'UNKNOWN_SOURCE_SYSTEM' });
    sourceKind = source.isSelf ? 'self' : 'external';
    if (config.templateVariantKey) {
      const variants = await listTemplateVariants(trx, source.id, 'EVENT_PARTICIPANT');
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
  return {
    organisationId: event.organisationId,
    registrationSystemId: event.registrationSystemId,
    eventId: event.id,
    sourceSystemId: config.sourceSystemId,
    config: { ...config, sourceKind },
  };
}
