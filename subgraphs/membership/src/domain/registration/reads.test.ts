import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { seedClub, TODAY, type Club } from '../../testing/fixtures';
import {
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
});
