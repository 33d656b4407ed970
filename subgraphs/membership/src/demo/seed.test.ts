import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { lastMembershipSequenceValue } from '../data/membershipNumbers';
import { todayIso } from '../domain/clock';
import { quoteOrder, timingWindowAt, type PeriodPricingRules, type Quote } from '../domain/pricing';
import { createRegistrationOrder, getRegistrationPeriod, periodClosedReason, personsForPeriod } from '../registration';
import { DEMO_PERIOD_ID, DEMO_PREVIOUS_PERIOD_ID, seedMembershipDemo } from '.';

/** The demo installation (docs/payments.md, "Demo") as the README describes it. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
const today = todayIso();

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  const secrets = { customerSecret: 's'.repeat(40), portalApiKey: 'k'.repeat(40) };
  await seedMembershipDemo(knex, secrets);
  await seedMembershipDemo(knex, secrets); // idempotent
});

afterAll(async () => {
  await db.drop();
});

async function annaAccount(): Promise<number> {
  return (await knex('membership.accounts').where({ registrationSystemId: 1, externalUserId: 'anna.berg' }).first()).id;
}

describe('demo seed', () => {
  it('has an open period 1 whose registration window and early price window contain today, and a closed period 2', async () => {
    const period = await getRegistrationPeriod(knex, DEMO_PERIOD_ID, 1);
    if (!period) throw new Error('no demo period');
    expect(periodClosedReason(period, today)).toBeNull();
    expect(period.membershipTypes.map((t) => t.code)).toEqual(['individual', 'family', 'junior', 'student', 'senior']);
    expect(period.options).toEqual(['insurance', 'magazine']);
    const rules = (await knex('membership.membershipPeriods').where({ id: DEMO_PERIOD_ID }).first()).pricingRules as PeriodPricingRules;
    expect(rules.timing.map((t) => t.window)).toEqual(['early', 'standard', 'late']);
    expect(timingWindowAt(rules, today)?.window).toBe('early');
    expect((await getRegistrationPeriod(knex, DEMO_PREVIOUS_PERIOD_ID, 1))?.status).toBe('closed');
  });

  it('stores the quotes and lines the pricing engine gives for the seeded orders', async () => {
    const orders = await knex('membership.orders').orderBy('id');
    expect(orders).toHaveLength(2);
    const rules = (await knex('membership.membershipPeriods').where({ id: DEMO_PERIOD_ID }).first()).pricingRules as PeriodPricingRules;
    for (const order of orders) {
      const stored = order.quote as Quote;
      const priced = quoteOrder({ rules, persons: stored.persons, registrationDate: stored.pricedOn });
      if (!priced.ok) throw new Error(JSON.stringify(priced.problems));
      expect(stored).toEqual(JSON.parse(JSON.stringify(priced.quote)));
      expect(order.totalMinor).toBe(priced.quote.totalMinor);
      const lines = await knex('membership.orderLines').where({ orderId: order.id }).orderBy('position');
      expect(
        lines.map(({ personId, kind, description, amountMinor, rule }) => ({ personId, kind, description, amountMinor, rule })),
      ).toEqual(priced.quote.lines);
    }
  });

  it('shows the Berg family in every overview status: Erik Registered, Liv Pending Payment, Anna and Noah Available', async () => {
    const persons = await personsForPeriod(knex, await annaAccount(), DEMO_PERIOD_ID);
    expect(persons.map((p) => [p.firstName, p.status])).toEqual([
      ['Anna', 'Available'],
      ['Erik', 'Registered'],
      ['Liv', 'Pending Payment'],
      ['Noah', 'Available'],
    ]);
    const erik = await knex('membership.memberships').where({ personId: persons[1]?.id, periodId: DEMO_PERIOD_ID }).first();
    expect(erik.membershipNumber).toMatch(/^RAC-\d{4}-0002$/);
    const anna = await knex('membership.memberships').where({ personId: persons[0]?.id, periodId: DEMO_PREVIOUS_PERIOD_ID }).first();
    expect(anna).toMatchObject({ status: 'active', orderId: null });
    expect(anna.membershipNumber).toMatch(/^RAC-\d{4}-0001$/);
  });

  it('has Erik’s order paid by a bank transfer that olga.operator recorded, and Liv’s unpaid', async () => {
    const orders = await knex('membership.orders').orderBy('id');
    expect(orders.map((o) => [o.reference, o.status])).toEqual([
      [expect.stringMatching(/^ORD-\d{4}-000001$/), 'paid'],
      [expect.stringMatching(/^ORD-\d{4}-000002$/), 'unpaid'],
    ]);
    const olga = await knex('membership.accounts').where({ externalUserId: 'olga.operator' }).first('id');
    const payments = await knex('membership.payments');
    expect(payments).toEqual([
      expect.objectContaining({
        orderId: orders[0].id,
        provider: 'manual',
        status: 'succeeded',
        amountMinor: 13600,
        recordedByAccountId: olga.id,
      }),
    ]);
  });

  it('makes Anna a renewal (member last season), and the next number follows the seeded ones', async () => {
    const accountId = await annaAccount();
    const [anna] = await personsForPeriod(knex, accountId, DEMO_PERIOD_ID);
    const result = await knex.transaction((trx) =>
      createRegistrationOrder(trx, {
        accountId,
        periodId: DEMO_PERIOD_ID,
        today,
        persons: [{ personId: anna?.id as number, membershipTypeCode: 'individual', options: [] }],
      }),
    );
    if (!result.ok) throw new Error(result.message);
    expect((await knex('membership.memberships').where({ orderId: result.order.id }).first()).memberType).toBe('renewal');
    const { organisationId } = await knex('membership.membershipPeriods').where({ id: DEMO_PERIOD_ID }).first('organisationId');
    expect(await lastMembershipSequenceValue(knex, organisationId)).toBe(2);
  });

  it('has the operator olga.operator with ROLE_ORG_ADMIN at Riverside', async () => {
    const row = await knex('membership.accounts as a')
      .join('membership.orgUsers as o', 'o.accountId', 'a.id')
      .join('membership.organisations as g', 'g.id', 'o.organisationId')
      .where({ 'a.externalUserId': 'olga.operator' })
      .first('o.roles', 'g.slug');
    expect(row).toEqual({ roles: ['ROLE_USER', 'ROLE_ORG_ADMIN'], slug: 'riverside-ac' });
  });
});

describe('demo event', () => {
  it('seeds Riverside 10K once, with its categories, for the registration organisation', async () => {
    const events = await knex('membership.events').where({ name: 'Riverside 10K' });
    expect(events).toHaveLength(1);
    const categories = await knex('membership.eventCategories').where({ eventId: events[0].id }).orderBy('id');
    expect(categories.map((c) => c.code)).toEqual(['M', 'W', 'M40', 'W40', 'U18']);
  });
});
