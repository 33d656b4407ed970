import type { Db } from '../../data/db';
import { organisationNumbering, reserveMembershipSequence, type OrganisationNumbering } from '../../data/membershipNumbers';
import { formatMembershipNumber } from '../membershipNumbers';

/**
 * `count` new membership numbers of the organisation for a period starting on `periodStartsOn`,
 * in order. The values come from the organisation's sequence, reserved in one statement under its
 * row lock, so concurrent callers get distinct consecutive values and the sequence never goes back.
 */
export async function reserveMembershipNumbers(
  trx: Db,
  organisationId: number,
  periodStartsOn: string,
  count: number,
): Promise<{ organisation: OrganisationNumbering; numbers: string[] }> {
  const organisation = await organisationNumbering(trx, organisationId);
  const first = await reserveMembershipSequence(trx, organisationId, count);
  const year = Number(periodStartsOn.slice(0, 4));
  const numbers = Array.from({ length: count }, (_, index) =>
    formatMembershipNumber(organisation.pattern, { organisationSlug: organisation.slug, year, sequence: first + index }),
  );
  return { organisation, numbers };
}
