import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { recordManualPayment } from '../domain/payments/manual';
import { scopeForUser } from '../domain/scope';
import { createRegistrationOrder } from '../registration';
import { clubRules, seedClub, type Club } from './fixtures';

/**
 * A club in the middle of its membership's life, for the scheduled messages' tests: Season 2026
 * (2026-01-01 to 2026-12-31) paid for on PAID_AT, Season 2027 taking registrations from
 * 2026-10-01, an md5 customer secret for signed links.
 */
export const LIFE_SECRET = 'customer-secret-of-the-test-club-0123456789';
export const PAID_AT = '2026-03-01T10:00:00Z';
/** The expiry reminder (42 days before 2026-12-31) is due that day. */
export const REMINDER_DUE = '2026-11-19T06:00:00Z';
export const DAY_BEFORE_REMINDER = '2026-11-18T23:00:00Z';
/** Season 2027 takes registrations from 2026-10-01. */
export const RENEWAL_OPENS = '2026-10-01T06:00:00Z';
export const DAY_BEFORE_RENEWAL = '2026-09-30T23:00:00Z';

export interface LifeClub extends Club {
  nextPeriodId: number;
  /** The addresses of the `extraMembers` (each paid alone, for the same day). */
  extraAddresses: string[];
  /** Where the family's mail goes (Fiona's account) and the stranger's. */
  familyAddress: string;
  strangerAddress: string;
}

/**
 * A club whose family (Fiona and her son Finn, one order) and Sam (his own) paid for Season 2026
 * on PAID_AT, with Season 2027 after it, and an md5 customer secret for signed links; and
 * `extraMembers` more members with accounts of their own.
 */
export async function lifeClub(knex: Knex, extraMembers = 0): Promise<LifeClub> {
  const club = await seedClub(knex);
  await knex('membership.customerSecrets').insert({ registrationSystemId: club.tenantId, secret: LIFE_SECRET });
  const [next] = await knex('membership.membershipPeriods')
    .insert({
      organisationId: club.organisationId,
      name: 'Season 2027',
      startsOn: '2027-01-01',
      endsOn: '2027-12-31',
      registrationOpensOn: '2026-10-01',
      registrationClosesOn: '2027-06-30',
      status: 'open',
      pricingRules: JSON.stringify(
        clubRules({ referenceDate: '2027-01-01', timing: [{ window: 'standard', from: '2026-10-01', to: '2027-06-30' }] }),
      ),
      previousPeriodId: club.periodId,
    })
    .returning('id');
  const nextPeriodId = (next as { id: number }).id;
  await pay(knex, club, club.family.accountId, [club.family.self, club.family.child], club.periodId, '2026-02-15');
  await pay(knex, club, club.stranger.accountId, [club.stranger.self], club.periodId, '2026-02-15');
  const extraAddresses: string[] = [];
  for (let i = 0; i < extraMembers; i++) {
    const address = `extra${i}.${club.organisationId}@example.org`;
    const [person] = await knex('membership.persons')
      .insert({ registrationSystemId: club.tenantId, firstName: `Extra${i}`, lastName: 'Member', dateOfBirth: '1990-01-01' })
      .returning('id');
    const personId = (person as { id: number }).id;
    const [account] = await knex('membership.accounts')
      .insert({ registrationSystemId: club.tenantId, externalUserId: `extra${i}.${club.organisationId}`, personId, email: address })
      .returning('id');
    const accountId = (account as { id: number }).id;
    await knex('membership.linkedPersons').insert({ accountId, personId, relationship: 'self' });
    await pay(knex, club, accountId, [personId], club.periodId, '2026-02-15');
    extraAddresses.push(address);
  }
  await knex('membership.memberships').where({ periodId: club.periodId }).update({ activatedAt: PAID_AT });
  const addresses = await knex('membership.accounts')
    .whereIn('id', [club.family.accountId, club.stranger.accountId])
    .orderBy('id')
    .pluck('email');
  return { ...club, nextPeriodId, extraAddresses, familyAddress: addresses[0] as string, strangerAddress: addresses[1] as string };
}

export async function order(knex: Knex, club: Club, accountId: number, personIds: number[], periodId: number, today: string) {
  const created = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId,
      periodId,
      today,
      persons: personIds.map((personId) => ({ personId, membershipTypeCode: 'individual', options: [] })),
    }),
  );
  if (!created.ok) throw new Error(created.message);
  return created.order;
}

export async function pay(knex: Knex, club: Club, accountId: number, personIds: number[], periodId: number, today: string) {
  const created = await order(knex, club, accountId, personIds, periodId, today);
  const operator = await scopeForUser(knex, { registrationSystemId: club.tenantId, userKey: club.operator.userKey } as AccessTokenClaims);
  const paid = await recordManualPayment(
    knex,
    operator!,
    { orderReference: created.reference, amountMinor: created.totalMinor },
    { portalUrl: null },
  );
  if (!paid.ok) throw new Error(paid.message);
}
