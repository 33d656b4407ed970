import type { Db } from '../../data/db';
import { lockMembershipSequence } from '../../data/membershipNumbers';
import { insertActiveMembership } from '../../data/memberships';
import { periodWithActiveTypes } from '../../data/periods';
import { reserveMembershipNumbers } from './membershipNumbers';

export type RecordPastMembershipResult =
  | { ok: true; membershipId: number; membershipNumber: string }
  | { ok: false; code: 'PERIOD_NOT_FOUND' | 'UNKNOWN_MEMBERSHIP_TYPE'; message: string };

/**
 * A membership a person held before their registrations ran through this service (a season
 * brought over, or the demo's previous season): active at once, numbered from the organisation's
 * sequence like any other, without an order. It makes the person a renewal in the next period.
 */
export async function recordPastMembership(
  trx: Db,
  input: { personId: number; periodId: number; membershipTypeCode: string },
): Promise<RecordPastMembershipResult> {
  const loaded = await periodWithActiveTypes(trx, input.periodId);
  if (!loaded) return { ok: false, code: 'PERIOD_NOT_FOUND', message: `Period ${input.periodId} does not exist.` };
  const type = loaded.types.find((t) => t.code === input.membershipTypeCode);
  if (!type) {
    return { ok: false, code: 'UNKNOWN_MEMBERSHIP_TYPE', message: `Membership type ${input.membershipTypeCode} is not active.` };
  }
  await lockMembershipSequence(trx, loaded.period.organisationId, 'shared');
  const { numbers } = await reserveMembershipNumbers(trx, loaded.period.organisationId, loaded.period.startsOn, 1);
  const membershipNumber = numbers[0] as string;
  const membershipId = await insertActiveMembership(trx, {
    personId: input.personId,
    periodId: input.periodId,
    membershipTypeId: type.id,
    memberType: 'new',
    details: { options: [] },
    membershipNumber,
  });
  return { ok: true, membershipId, membershipNumber };
}
