import type { Knex } from '@ems/db';
import { InputError, NotFoundError } from '@ems/schema';
import type { PreparedUpload, UploadContext } from '../../domain/rowProcessor';
import { chooseSourceSystem } from '../sourceSystemChoice';
import { parseMembershipConfig } from './config';
import type { MembersPort } from './membershipPort';

/**
 * The membership upload's bookend (item 5): the form fields, the organisation the members join
 * (one the operator administers: named, or the period's, or their only one), the default period
 * (the organisation's), the source system and its template variant, and the gating decision on
 * (is_self, trustPKs, updatePII), all before the job exists.
 */
export async function prepareMembershipUpload(
  port: Pick<MembersPort, 'organisationsByIds' | 'periodForOperator'>,
  trx: Knex.Transaction,
  upload: UploadContext,
): Promise<PreparedUpload> {
  const config = parseMembershipConfig(upload.fields);
  let organisationId = config.organisationId;
  if (organisationId !== null && !upload.organisationIds.includes(organisationId)) {
    throw new NotFoundError('Organisation not found', { code: 'ORGANISATION_NOT_FOUND' });
  }
  if (config.periodId !== null) {
    const period = await port.periodForOperator(trx, config.periodId, organisationId === null ? upload.organisationIds : [organisationId]);
    if (!period) throw new NotFoundError('Membership period not found', { code: 'PERIOD_NOT_FOUND' });
    organisationId = period.organisationId;
  }
  if (organisationId === null) {
    if (upload.organisationIds.length !== 1) {
      throw new InputError('You operate several organisations: name the one to import into (organisationId or periodId)', {
        code: 'ORGANISATION_REQUIRED',
      });
    }
    organisationId = upload.organisationIds[0] as number;
  }
  const [organisation] = await port.organisationsByIds(trx, [organisationId]);
  if (!organisation || organisation.registrationSystemId !== upload.user.registrationSystemId) {
    throw new NotFoundError('Organisation not found', { code: 'ORGANISATION_NOT_FOUND' });
  }
  const sourceKind = await chooseSourceSystem(trx, upload, [organisationId], 'MEMBERSHIP', config);
  return {
    organisationId,
    registrationSystemId: organisation.registrationSystemId,
    eventId: null,
    sourceSystemId: config.sourceSystemId,
    config: { ...config, organisationId, sourceKind },
  };
}
