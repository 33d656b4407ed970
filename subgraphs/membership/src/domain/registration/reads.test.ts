import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { giveActiveMembership, seedClub, TODAY, type Club } from '../../testing/fixtures';
import {
  createRegistrationOrder,
  estimateRegistration,
  getRegistrationPeriod,
  membershipTypeOffers,
  personsForPeriod,
  registrationReads,
  type RegistrationReads,
} from '../../registration';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

afterAll(async () => {
  await db.drop();
});

const PERIOD_READ = '"membership"."membership_periods" as "p" inner join "membership"."organisations" as "o"';
const PERSONS_READ = '"membership"."linked_persons" as "l" inner join "membership"."persons" as "p"';

/** What a form step asks of membership: the period, the persons, the type offers and the running total. */
async function formStep(club: Club, reads?: RegistrationReads) {
  const { accountId, self, child } = club.family;
  const periodId = club.periodId;
  return {
    period: await getRegistrationPeriod(knex, periodId, club.tenantId, reads),
    persons: await personsForPeriod(knex, accountId, periodId, reads),
    offers: await membershipTypeOffers(knex, { accountId, periodId, today: TODAY, personIds: [self, child] }, reads),
    estimate: await estimateRegistration(
      knex,
      {
        accountId,
        periodId,
        today: TODAY,
        persons: [
          { personId: self, membershipTypeCode: 'individual', options: ['insurance'] },
          { personId: child, membershipTypeCode: 'junior', options: [] },
        ],
      },
      null,
      reads,
    ),
  };
}

async function statementsOf(work: () => Promise<unknown>): Promise<{ period: number; persons: number }> {
  const counted = { period: 0, persons: 0 };
  const count = ({ sql }: { sql: string }) => {
    if (sql.includes(PERIOD_READ)) counted.period += 1;
    if (sql.includes(PERSONS_READ)) counted.persons += 1;
  };
  knex.on('query', count);
  try {
    await work();
  } finally {
    knex.removeListener('query', count);
  }
  return counted;
}

describe('registrationReads', () => {
  it('one request reads the period and the persons once; without it each call reads them', async () => {
    const club = await seedClub(knex);
    expect(await statementsOf(() => formStep(club, registrationReads(knex)))).toEqual({ period: 1, persons: 1 });
    expect(await statementsOf(() => formStep(club))).toEqual({ period: 3, persons: 3 });
  });

  it('gives the same answers as reading each time, and another tenant still sees no period', async () => {
    const club = await seedClub(knex);
    const other = await seedClub(knex);
    const step = await formStep(club, registrationReads(knex));
    expect(step).toEqual(await formStep(club));
    expect(step.estimate).not.toBeNull();
    expect(step.offers.size).toBe(2);
    const reads = registrationReads(knex);
    expect(await getRegistrationPeriod(knex, club.periodId, club.tenantId, reads)).not.toBeNull();
    expect(await getRegistrationPeriod(knex, club.periodId, other.tenantId, reads)).toBeNull();
  });

  it('a new request reads again: what changed in between is seen', async () => {
    const club = await seedClub(knex);
    const first = await getRegistrationPeriod(knex, club.periodId, club.tenantId, registrationReads(knex));
    await knex('membership.membershipPeriods').where({ id: club.periodId }).update({ name: 'Renamed season' });
    const second = await getRegistrationPeriod(knex, club.periodId, club.tenantId, registrationReads(knex));
    expect(first?.name).not.toBe('Renamed season');
    expect(second?.name).toBe('Renamed season');
  });

  it('carries the persons’ memberships: the estimate prices a renewal as the order does, a live membership refuses, a cancelled one does not', async () => {
    const club = await seedClub(knex);
    await giveActiveMembership(knex, club, club.family.self, club.previousPeriodId, 'OLD-1');
    const before = await formStep(club, registrationReads(knex));
    const { accountId, self, child } = club.family;
    const persons = [
      { personId: self, membershipTypeCode: 'individual', options: ['insurance' as const] },
      { personId: child, membershipTypeCode: 'junior', options: [] },
    ];
    const order = await knex.transaction((trx) =>
      createRegistrationOrder(trx, { accountId, periodId: club.periodId, today: TODAY, persons }),
    );
    if (!order.ok) throw new Error(order.message);
    // The order (persons locked, memberships read after the lock) and the estimate agree: Fiona renews.
    expect(before.estimate?.totalMinor).toBe(order.order.totalMinor);
    expect(before.estimate?.lines.some((l) => l.personId === self && l.amountMinor < 0)).toBe(true);

    const pending = await formStep(club, registrationReads(knex));
    const statusOf = (step: typeof pending, id: number) => step.persons.find((p) => p.id === id)?.status;
    expect([statusOf(pending, self), statusOf(pending, child)]).toEqual(['Pending Payment', 'Pending Payment']);
    expect(pending.estimate).toBeNull();

    await knex('membership.memberships').where({ orderId: order.order.id }).update({ status: 'cancelled' });
    const cancelled = await formStep(club, registrationReads(knex));
    expect([statusOf(cancelled, self), statusOf(cancelled, child)]).toEqual(['Available', 'Available']);
    expect(cancelled.estimate?.totalMinor).toBe(order.order.totalMinor);
  });
});
