import type { Knex } from '@ems/db';
import { NotFoundError, type TenantPublicIdentity } from '@ems/schema';
import { organisationsOfTenant, registrationSystemById } from '../../data/directory';
import { periodById } from '../../data/periods';
import { organisationLogoPaths } from './logos';

/**
 * What anyone may know of a tenant (issue 23): the pages a member reaches without a session (a
 * refused link, the payment return) still name the club and how to reach it. Nothing about
 * members, keys or settings.
 */
export async function tenantPublicIdentity(db: Knex, registrationSystemId: number, periodId: number | null): Promise<TenantPublicIdentity> {
  const tenant = await registrationSystemById(db, registrationSystemId);
  if (!tenant) throw new NotFoundError('Unknown registration system', { code: 'TENANT_NOT_FOUND' });
  const organisations = await organisationsOfTenant(db, registrationSystemId);
  const logos = await organisationLogoPaths(
    db,
    organisations.map((o) => o.id),
  );
  const period = periodId === null ? null : await periodById(db, periodId);
  return {
    registrationSystem: { name: tenant.name },
    organisations: organisations.map((o) => ({
      id: o.id,
      name: o.name,
      logoUrl: logos.get(o.id) ?? null,
      contactEmail: o.contactEmail,
      contactPhone: o.contactPhone,
      websiteUrl: o.websiteUrl,
    })),
    period:
      period && period.registrationSystemId === registrationSystemId
        ? { id: period.id, name: period.name, organisationId: period.organisationId }
        : null,
  };
}
