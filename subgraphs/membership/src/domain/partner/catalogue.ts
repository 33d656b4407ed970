import { membershipTypesOfOrganisations, type MembershipTypeRow } from '../../data/periods';
import type { Db } from '../../data/db';
import type { MembershipPeriodView } from '../registration/period';
import { periodViewsOfOrganisations } from '../registration/periodViews';
import { organisationsToRead, type PartnerReader } from './reader';

/** What the key's organisations offer: membership types and periods (two statements at most). */

export async function partnerMembershipTypes(db: Db, reader: PartnerReader, organisationId?: string | null): Promise<MembershipTypeRow[]> {
  const organisationIds = organisationsToRead(reader, organisationId);
  return organisationIds.length === 0 ? [] : membershipTypesOfOrganisations(db, organisationIds);
}

/** Each period as the portal's `membershipPeriod` shows it (its offered types, whether it takes registrations today). */
export async function partnerMembershipPeriods(
  db: Db,
  reader: PartnerReader,
  organisationId: string | null | undefined,
  today: string,
): Promise<MembershipPeriodView[]> {
  return periodViewsOfOrganisations(db, organisationsToRead(reader, organisationId), today);
}
