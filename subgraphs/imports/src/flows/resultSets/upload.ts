import type { Knex } from '@ems/db';
import { NotFoundError } from '@ems/schema';
import type { PreparedUpload, UploadContext } from '../../domain/rowProcessor';
import { parseResultSetConfig } from './config';
import type { ResultSetsPort } from './membershipPort';

/**
 * The result-set upload's bookend (item 5): the form fields and the event the operator may import
 * into. No source system, so no gating and no verifying stage (contract: E08).
 */
export async function prepareResultSetUpload(
  port: Pick<ResultSetsPort, 'eventForOperator'>,
  trx: Knex.Transaction,
  upload: UploadContext,
): Promise<PreparedUpload> {
  const config = parseResultSetConfig(upload.fields);
  const event = await port.eventForOperator(trx, config.eventId, upload.organisationIds);
  if (!event) throw new NotFoundError('Event not found', { code: 'EVENT_NOT_FOUND' });
  return {
    organisationId: event.organisationId,
    registrationSystemId: event.registrationSystemId,
    eventId: event.id,
    sourceSystemId: null,
    config: { ...config },
  };
}
