import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { clubRules, giveActiveMembership, seedClub, EARLY_DAY, TODAY, type Club } from '../../testing/fixtures';
import { quoteOrder } from '../pricing';
import {
  cancelUnpaidOrder,
  createRegistrationOrder,
  getRegistrationPeriod,
  orderPaymentState,
  periodClosedReason,
  personsForPeriod,
  type RegistrationOrderInput,
} from '../../registration';
import { decideMemberType } from './memberType';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

afterAll(async () => {
  await db.drop();
});

type Person = RegistrationOrderInput['persons'][number];

function register(club: Club, persons: Person[], today = TODAY, periodId = club.periodId, accountId = club.family.accountId) {
  return knex.transaction((trx) => createRegistrationOrder(trx, { accountId, periodId, today, persons }));
}

const individual = (personId: number, extra: Partial<Person> = {}): Person => ({
  personId,
  membershipTypeCode: 'individual',
  options: [],
  ...extra,
});

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex(table).where(where).count<{ count: string }[]>('* as count');
  return Number(row?.count ?? 0);
}

describe('getRegistrationPeriod / periodClosedReason', () => {
  it('lists the active membership types the period prices, its options, currency and reference date', async () => {
    const club = await seedClub(knex);
    const period = await getRegistrationPeriod(knex, club.periodId, club.tenantId);
    expect(period).toMatchObject({
      id: club.periodId,
      organisationId: club.organisationId,
      status: 'open',
      registrationOpensOn: '2025-10-01',
      registrationClosesOn: '2026-06-30',
      currency: 'EUR',
      referenceDate: '2026-01-01',
      options: ['insurance', 'magazine'],
    });
    // `retired` is inactive; every other type is priced.
    expect(period?.membershipTypes).toEqual([
      { code: 'individual', name: 'Individual' },
      { code: 'junior', name: 'Junior' },
      { code: 'student', name: 'Student' },
    ]);
  });

  it('is null for a period of another registration system (tenant scope) and for an unknown id', async () => {
    const club = await seedClub(knex);
    const other = await seedClub(knex);
    expect(await getRegistrationPeriod(knex, club.periodId, other.tenantId)).toBeNull();
    expect(await getRegistrationPeriod(knex, 987654, club.tenantId)).toBeNull();
  });

  it.each([
    ['open', '2025-10-01', null],
    ['open', '2026-06-30', null],
    ['open', '2025-09-30', 'REGISTRATION_NOT_OPEN'],
    ['open', '2026-07-01', 'REGISTRATION_ENDED'],
    ['closed', '2026-02-15', 'PERIOD_CLOSED'],
  ] as const)('a %s period on %s: %s (both registration dates included)', (status, today, reason) => {
    expect(periodClosedReason({ status, registrationOpensOn: '2025-10-01', registrationClosesOn: '2026-06-30' }, today)).toBe(reason);
  });
});

describe('createRegistrationOrder', () => {
  it('prices the persons with the engine on today’s date and writes the order, its lines and pending memberships', async () => {
    const club = await seedClub(knex);
    await giveActiveMembership(knex, club, club.family.self, club.previousPeriodId, 'OLD-1');
    const result = await register(club, [
      individual(club.family.self, { options: ['magazine'] }),
      { personId: club.family.child, membershipTypeCode: 'junior', options: ['insurance'] },
    ]);
    if (!result.ok) throw new Error(result.message);

    // Fiona renews (-5% of 120.00); Finn is new (joining fee) with insurance; magazine per order; admin fee.
    expect(result.order).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(/^ORD-2026-\d{6}$/),
      totalMinor: 12000 - 600 + 1800 + 5000 + 2500 + 1200 + 300,
      currency: 'EUR',
      paymentUrl: expect.stringMatching(
        new RegExp(`^/services/admin-service/payments/orders/${result.order.reference}/pay\\?token=[\\w-]{43}$`),
      ),
    });
    const expected = quoteOrder({
      rules: clubRules(),
      registrationDate: TODAY,
      persons: [
        { id: club.family.self, dateOfBirth: '1984-03-12', membershipTypeCode: 'individual', memberType: 'renewal', options: ['magazine'] },
        { id: club.family.child, dateOfBirth: '2014-05-04', membershipTypeCode: 'junior', memberType: 'new', options: ['insurance'] },
      ],
    });
    if (!expected.ok) throw new Error('example does not price');
    const lines = await knex('membership.orderLines').where({ orderId: result.order.id }).orderBy('position');
    expect(lines.map(({ personId, kind, description, amountMinor, rule }) => ({ personId, kind, description, amountMinor, rule }))).toEqual(
      expected.quote.lines,
    );

    const order = await knex('membership.orders').where({ id: result.order.id }).first();
    expect(order).toMatchObject({
      status: 'unpaid',
      accountId: club.family.accountId,
      organisationId: club.organisationId,
      periodId: club.periodId,
      totalMinor: expected.quote.totalMinor,
      paidMinor: 0,
      pricedWindow: 'standard',
    });
    expect(order.quote).toEqual(JSON.parse(JSON.stringify(expected.quote)));
    const memberships = await knex('membership.memberships').where({ orderId: result.order.id }).orderBy('id');
    expect(memberships.map((m) => [m.personId, m.status, m.memberType, m.membershipNumber, m.details])).toEqual([
      [club.family.self, 'pending_payment', 'renewal', null, { options: ['magazine'] }],
      [club.family.child, 'pending_payment', 'new', null, { options: ['insurance'] }],
    ]);
  });

  it('gives unique, human-friendly references', async () => {
    const club = await seedClub(knex);
    const a = await register(club, [individual(club.family.self)]);
    const b = await register(club, [individual(club.family.partner)]);
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(a.order.reference).not.toBe(b.order.reference);
    expect(a.order.reference).toMatch(/^ORD-2026-\d{6}$/);
  });

  describe('refusals (nothing is written, and the caller’s transaction stays usable)', () => {
    let club: Club;
    let otherTenant: Club;
    beforeAll(async () => {
      club = await seedClub(knex);
      otherTenant = await seedClub(knex);
      await register(club, [individual(club.family.partner)]).then((r) => expect(r.ok).toBe(true));
      const paid = await register(club, [individual(club.family.grandparent)]);
      if (!paid.ok) throw new Error('refused');
      await knex('membership.memberships').where({ orderId: paid.order.id }).update({ status: 'active', membershipNumber: 'X-1' });
    });

    it.each<
      [
        string,
        (c: Club) => { persons: Person[]; today?: string; periodId?: number; accountId?: number },
        string,
        (c: Club) => number | null,
      ]
    >([
      ['an unknown person', () => ({ persons: [individual(999_999)] }), 'PERSON_NOT_LINKED', () => 999_999],
      ['a person of another account', (c) => ({ persons: [individual(c.stranger.self)] }), 'PERSON_NOT_LINKED', (c) => c.stranger.self],
      [
        'a person already registered (active)',
        (c) => ({ persons: [individual(c.family.grandparent)] }),
        'ALREADY_REGISTERED',
        (c) => c.family.grandparent,
      ],
      [
        'a person with a registration awaiting payment',
        (c) => ({ persons: [individual(c.family.partner)] }),
        'PENDING_PAYMENT',
        (c) => c.family.partner,
      ],
      ['a closed period', (c) => ({ persons: [individual(c.family.self)], periodId: c.closedPeriodId }), 'PERIOD_CLOSED', () => null],
      [
        'a date before registration opens',
        (c) => ({ persons: [individual(c.family.self)], today: '2025-09-01' }),
        'REGISTRATION_NOT_OPEN',
        () => null,
      ],
      [
        'a date after registration ended',
        (c) => ({ persons: [individual(c.family.self)], today: '2026-07-01' }),
        'REGISTRATION_ENDED',
        () => null,
      ],
      [
        'an unknown membership type',
        (c) => ({ persons: [individual(c.family.self, { membershipTypeCode: 'platinum' })] }),
        'UNKNOWN_MEMBERSHIP_TYPE',
        (c) => c.family.self,
      ],
      [
        'an inactive membership type',
        (c) => ({ persons: [individual(c.family.self, { membershipTypeCode: 'retired' })] }),
        'UNKNOWN_MEMBERSHIP_TYPE',
        (c) => c.family.self,
      ],
      [
        'an age group the type does not offer',
        (c) => ({ persons: [individual(c.family.self, { membershipTypeCode: 'junior' })] }),
        'AGE_GROUP_NOT_OFFERED',
        (c) => c.family.self,
      ],
      [
        'a person without a date of birth',
        (c) => ({ persons: [individual(c.family.noBirthDate)] }),
        'DATE_OF_BIRTH_MISSING',
        (c) => c.family.noBirthDate,
      ],
      [
        'a person listed twice',
        (c) => ({ persons: [individual(c.family.self), individual(c.family.self)] }),
        'DUPLICATE_PERSON',
        (c) => c.family.self,
      ],
      ['no persons', () => ({ persons: [] }), 'NO_PERSONS', () => null],
      [
        'an account of another tenant',
        () => ({ persons: [individual(otherTenant.family.self)], accountId: otherTenant.family.accountId }),
        'PERIOD_NOT_FOUND',
        () => null,
      ],
      ['an unknown account', () => ({ persons: [individual(1)], accountId: 987_654 }), 'PERIOD_NOT_FOUND', () => null],
    ])('refuses %s', async (_name, input, code, personId) => {
      const { persons, today, periodId, accountId } = input(club);
      const ordersBefore = await count('membership.orders');
      const membershipsBefore = await count('membership.memberships');
      const result = await knex.transaction(async (trx) => {
        const r = await createRegistrationOrder(trx, {
          accountId: accountId ?? club.family.accountId,
          periodId: periodId ?? club.periodId,
          today: today ?? TODAY,
          persons,
        });
        await trx.raw('SELECT 1'); // the caller can go on in its transaction
        return r;
      });
      expect(result).toEqual({ ok: false, code, message: expect.any(String), personId: personId(club) });
      expect(await count('membership.orders')).toBe(ordersBefore);
      expect(await count('membership.memberships')).toBe(membershipsBefore);
    });

    it('refuses an option the period does not offer', async () => {
      const noMagazine = await seedClub(knex);
      await knex('membership.membershipPeriods')
        .where({ id: noMagazine.periodId })
        .update({ pricingRules: JSON.stringify(clubRules({ options: { insurance: { per: 'person', priceMinor: 1200 } } })) });
      const result = await register(noMagazine, [individual(noMagazine.family.self, { options: ['magazine'] })]);
      expect(result).toMatchObject({ ok: false, code: 'OPTION_NOT_OFFERED', personId: noMagazine.family.self });
    });
  });

  it('lets only one of two concurrent registrations of the same person through', async () => {
    const club = await seedClub(knex);
    const results = await Promise.all([register(club, [individual(club.family.self)]), register(club, [individual(club.family.self)])]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: 'PENDING_PAYMENT', personId: club.family.self });
  });
});

describe('member type (renewal / transfer / new)', () => {
  it.each([
    [{ activeInPreviousPeriod: true }, 'renewal'],
    [{ activeInPreviousPeriod: true, transferFromClub: 'Hillside CC' }, 'renewal'],
    [{ activeInPreviousPeriod: false, transferFromClub: 'Hillside CC' }, 'transfer'],
    [{ activeInPreviousPeriod: false, transferFromClub: '   ' }, 'new'],
    [{ activeInPreviousPeriod: false }, 'new'],
  ] as const)('%j -> %s', (input, expected) => {
    expect(decideMemberType(input)).toBe(expected);
  });

  it('is decided per person from the previous period and the transfer answer, and priced accordingly', async () => {
    const club = await seedClub(knex);
    await giveActiveMembership(knex, club, club.family.self, club.previousPeriodId, 'OLD-1');
    // Active in an unrelated period does not make a renewal.
    await giveActiveMembership(knex, club, club.family.partner, club.closedPeriodId, 'OTHER-1');
    const result = await register(club, [
      individual(club.family.self),
      individual(club.family.partner, { transferFromClub: 'Hillside CC' }),
      individual(club.family.grandparent),
    ]);
    if (!result.ok) throw new Error(result.message);
    const memberships = await knex('membership.memberships').where({ orderId: result.order.id }).orderBy('id');
    expect(memberships.map((m) => [m.personId, m.memberType])).toEqual([
      [club.family.self, 'renewal'],
      [club.family.partner, 'transfer'],
      [club.family.grandparent, 'new'],
    ]);
    expect(memberships[1].details).toEqual({ options: [], transferFromClub: 'Hillside CC' });
    const rules = await knex('membership.orderLines').where({ orderId: result.order.id }).pluck('rule');
    expect(rules).toEqual(expect.arrayContaining(['member_type:renewal', 'member_type:new:joining_fee']));
    expect(rules).not.toContain('member_type:transfer:joining_fee');
  });
});

describe('personsForPeriod (contract "Person status in the overview")', () => {
  it('answers Available, Registered or Pending Payment per linked person, self first', async () => {
    const club = await seedClub(knex);
    const pending = await register(club, [individual(club.family.partner)]);
    const paid = await register(club, [individual(club.family.grandparent)]);
    if (!pending.ok || !paid.ok) throw new Error('refused');
    await knex('membership.memberships').where({ orderId: paid.order.id }).update({ status: 'active', membershipNumber: 'X-2' });
    const persons = await personsForPeriod(knex, club.family.accountId, club.periodId);
    expect(persons.map((p) => [p.id, p.status])).toEqual([
      [club.family.self, 'Available'],
      [club.family.partner, 'Pending Payment'],
      [club.family.child, 'Available'],
      [club.family.grandparent, 'Registered'],
      [club.family.noBirthDate, 'Available'],
    ]);
    expect(persons[0]).toEqual({
      id: club.family.self,
      firstName: 'Fiona',
      lastName: expect.any(String),
      dateOfBirth: '1984-03-12',
      relationship: 'self',
      status: 'Available',
    });
  });
});

describe('cancelUnpaidOrder', () => {
  it('cancels the order and its pending memberships, so the persons are Available again and can register anew', async () => {
    const club = await seedClub(knex);
    const first = await register(club, [individual(club.family.self), individual(club.family.partner)]);
    if (!first.ok) throw new Error('refused');
    expect(await knex.transaction((trx) => cancelUnpaidOrder(trx, first.order.id))).toEqual({ ok: true });
    expect(await knex('membership.orders').where({ id: first.order.id }).first()).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(Date),
    });
    expect(await knex('membership.memberships').where({ orderId: first.order.id }).pluck('status')).toEqual(['cancelled', 'cancelled']);
    expect((await personsForPeriod(knex, club.family.accountId, club.periodId)).slice(0, 2).map((p) => p.status)).toEqual([
      'Available',
      'Available',
    ]);
    // Cancelling again changes nothing.
    expect(await knex.transaction((trx) => cancelUnpaidOrder(trx, first.order.id))).toEqual({ ok: true });
    expect((await register(club, [individual(club.family.self)])).ok).toBe(true);
  });

  it('refuses a paid order, and one that has received part of its amount', async () => {
    const club = await seedClub(knex);
    const paid = await register(club, [individual(club.family.self)]);
    const partly = await register(club, [individual(club.family.partner)]);
    if (!paid.ok || !partly.ok) throw new Error('refused');
    await knex('membership.orders').where({ id: paid.order.id }).update({ status: 'paid', paidMinor: paid.order.totalMinor });
    await knex('membership.orders').where({ id: partly.order.id }).update({ paidMinor: 100 });
    for (const id of [paid.order.id, partly.order.id]) {
      expect(await knex.transaction((trx) => cancelUnpaidOrder(trx, id))).toEqual({ ok: false, code: 'ORDER_PAID' });
    }
    expect(await knex('membership.memberships').where({ orderId: paid.order.id }).pluck('status')).toEqual(['pending_payment']);
  });
});

describe('orderPaymentState', () => {
  it('answers the order status and the latest attempt, or null for an unknown order', async () => {
    const club = await seedClub(knex);
    const result = await register(club, [individual(club.family.self)], EARLY_DAY);
    if (!result.ok) throw new Error('refused');
    expect(await orderPaymentState(knex, result.order.id)).toEqual({ status: 'unpaid', lastAttempt: 'none' });
    await knex('membership.payments').insert([
      { orderId: result.order.id, provider: 'builtin', providerPaymentId: 'a', status: 'failed', amountMinor: 1, currency: 'EUR' },
      { orderId: result.order.id, provider: 'builtin', providerPaymentId: 'b', status: 'pending', amountMinor: 1, currency: 'EUR' },
    ]);
    expect(await orderPaymentState(knex, result.order.id)).toEqual({ status: 'unpaid', lastAttempt: 'pending' });
    expect(await orderPaymentState(knex, 987_654)).toBeNull();
  });
});
