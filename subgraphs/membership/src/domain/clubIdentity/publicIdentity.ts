import type { Knex } from '@ems/db';
import { NotFoundError } from '@ems/schema';
import { organisationsOfTenant, registrationSystemById } from '../../data/directory';
import { periodById } from '../../data/periods';
import { organisationLogoPaths } from './logos';

export interface PublicOrganisation {
  id: number;
  name: string;
  logoUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  websiteUrl: string | null;
}

/**
 * What anyone may know of a tenant (issue 23): the pages a member reaches without a session (a
 * refused link, the payment return) still name the club and how to reach it. Names, logo and the
 * club's published contact only: nothing about members, keys or settings.
 */
export interface TenantPublicIdentity {
  registrationSystem: { name: string };
  organisations: PublicOrganisation[];
  /** The period asked about, when it is one of the tenant's (its club is then `organisationId`). */
  period: { id: number; name: string; organisationId: number } | null;
}

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
