import { membershipTypesOfOrganisations, periodsOfOrganisations, type MembershipTypeRow } from '../../data/periods';
import type { Db } from '../../data/db';
import { membershipPeriodViewOf, type MembershipPeriodView } from '../registration/period';
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
  const organisationIds = organisationsToRead(reader, organisationId);
  if (organisationIds.length === 0) return [];
  const [periods, types] = await Promise.all([
    periodsOfOrganisations(db, organisationIds),
    membershipTypesOfOrganisations(db, organisationIds),
  ]);
  return periods.map((period) =>
    membershipPeriodViewOf(
      period,
      types.filter((t) => t.active && t.organisationId === period.organisationId),
      today,
    ),
  );
}
