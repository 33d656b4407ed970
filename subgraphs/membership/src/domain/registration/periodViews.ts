import type { Db } from '../../data/db';
import { membershipTypesOfOrganisations, periodsOfOrganisations } from '../../data/periods';
import type { DataScope } from '../scope';
import { membershipPeriodViewOf, type MembershipPeriodView } from './period';

/**
 * The organisations' periods, the latest first, each as `membershipPeriod` shows it (its offered
 * types, whether it takes registrations today): two statements for any number of periods.
 */
export async function periodViewsOfOrganisations(
  db: Db,
  organisationIds: readonly number[],
  today: string,
): Promise<MembershipPeriodView[]> {
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

/** `Query.operatorMembershipPeriods`: the periods of the organisations the user administers; none for anyone else. */
export function operatorMembershipPeriodsFor(db: Db, scope: DataScope | null, today: string): Promise<MembershipPeriodView[]> {
  return periodViewsOfOrganisations(db, [...(scope?.adminOrganisationIds ?? [])], today);
}
