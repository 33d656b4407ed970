import type { Knex } from '@ems/db';
import { NotFoundError } from '@ems/schema';
import type { PreparedUpload, UploadContext } from '../../domain/rowProcessor';
import { chooseSourceSystem } from '../sourceSystemChoice';
import { parseParticipantConfig } from './config';
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
  const sourceKind = await chooseSourceSystem(trx, upload, upload.organisationIds, 'EVENT_PARTICIPANT', config);
  return {
    organisationId: event.organisationId,
    registrationSystemId: event.registrationSystemId,
    eventId: event.id,
    sourceSystemId: config.sourceSystemId,
    config: { ...config, sourceKind },
  };
}
