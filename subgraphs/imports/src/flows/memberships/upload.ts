import type { Knex } from '@ems/db';
import { NotFoundError } from '@ems/schema';
import { namedOrganisation, onlyOrganisation, organisationNotFound } from '../../domain/organisationChoice';
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
  let organisationId = namedOrganisation(upload.organisationIds, config.organisationId);
  if (config.periodId !== null) {
    const period = await port.periodForOperator(trx, config.periodId, organisationId === null ? upload.organisationIds : [organisationId]);
    if (!period) throw new NotFoundError('Membership period not found', { code: 'PERIOD_NOT_FOUND' });
    organisationId = period.organisationId;
  }
  organisationId ??= onlyOrganisation(upload.organisationIds, 'name the one to import into (organisationId or periodId)');
  const [organisation] = await port.organisationsByIds(trx, [organisationId]);
  if (!organisation || organisation.registrationSystemId !== upload.user.registrationSystemId) throw organisationNotFound();
  const sourceKind = await chooseSourceSystem(trx, upload, [organisationId], 'MEMBERSHIP', config);
  return {
    organisationId,
    registrationSystemId: organisation.registrationSystemId,
    eventId: null,
    sourceSystemId: config.sourceSystemId,
    config: { ...config, organisationId, sourceKind },
  };
}
