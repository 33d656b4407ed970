import type { Db } from '../../data/db';
import {
  advanceMembershipSequence,
  organisationNumbering,
  reserveMembershipSequence,
  type OrganisationNumbering,
} from '../../data/membershipNumbers';
import { formatMembershipNumber, sequenceOfMembershipNumber } from '../membershipNumbers';

const yearOf = (periodStartsOn: string) => Number(periodStartsOn.slice(0, 4));

/**
 * `count` new membership numbers of the organisation for a period starting on `periodStartsOn`,
 * in ascending order. The values come from the organisation's sequence (reserveMembershipSequence):
 * concurrent callers get distinct values without waiting for each other. Needs the organisation's
 * number lock (lockMembershipSequence).
 */
export async function reserveMembershipNumbers(
  trx: Db,
  organisationId: number,
  periodStartsOn: string,
  count: number,
): Promise<{ organisation: OrganisationNumbering; numbers: string[] }> {
  const organisation = await organisationNumbering(trx, organisationId);
  const numbers = await reserveNumbersForPeriods(trx, organisationId, organisation, Array<string>(count).fill(periodStartsOn));
  return { organisation, numbers };
}

/** One new number for each period start date given (memberships of several periods at once), in order. */
export async function reserveNumbersForPeriods(
  trx: Db,
  organisationId: number,
  numbering: OrganisationNumbering,
  periodStartDates: readonly string[],
): Promise<string[]> {
  if (periodStartDates.length === 0) return [];
  const values = await reserveMembershipSequence(trx, organisationId, periodStartDates.length);
  return periodStartDates.map((startsOn, index) =>
    formatMembershipNumber(numbering.pattern, {
      organisationSlug: numbering.slug,
      year: yearOf(startsOn),
      sequence: values[index] as number,
    }),
  );
}

/**
 * Numbers kept from an earlier system: those the organisation's pattern could have made are taken
 * out of its sequence (it moves past the highest), so no later activation is handed one of them.
 * Needs the organisation's exclusive number lock (lockMembershipSequence).
 */
export async function keepMembershipNumbers(
  trx: Db,
  organisationId: number,
  numbering: OrganisationNumbering,
  kept: ReadonlyArray<{ periodStartsOn: string; membershipNumber: string }>,
): Promise<void> {
  let highest = 0;
  for (const k of kept) {
    const sequence = sequenceOfMembershipNumber(
      numbering.pattern,
      { organisationSlug: numbering.slug, year: yearOf(k.periodStartsOn) },
      k.membershipNumber,
    );
    highest = Math.max(highest, sequence ?? 0);
  }
  if (highest > 0) await advanceMembershipSequence(trx, organisationId, highest);
}
