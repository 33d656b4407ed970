import type { Knex } from '@ems/db';
import { createRegistrationOrder } from '../../registration';
import { giveActiveMembership, TODAY, type Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';

/**
 * The operator's member list, person page and orders (issue 20) through the membership subgraph's
 * GraphQL on PostgreSQL: what an operator finds, and that an operator of another organisation or
 * tenant, or a plain member, finds nothing with the same ids (contract rule 10).
 */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;
let order: { id: number; reference: string };

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
  await giveActiveMembership(knex, club, club.family.self, club.previousPeriodId, 'TC-2025-00007');
  await giveActiveMembership(knex, otherTenant, otherTenant.family.self, otherTenant.previousPeriodId, 'TC-2025-00007');
  const created = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId: club.family.accountId,
      periodId: club.periodId,
      today: TODAY,
      persons: [{ personId: club.family.child, membershipTypeCode: 'junior', options: [] }],
    }),
  );
  if (!created.ok) throw new Error(created.message);
  order = created.order;
  await knex('membership.payments').insert({
    orderId: order.id,
    provider: 'builtin',
    providerPaymentId: 'pi_test_1',
    status: 'failed',
    amountMinor: 1000,
    currency: 'EUR',
  });
  await knex('membership.paymentEvents').insert({ provider: 'builtin', eventId: 'evt_1', providerPaymentId: 'pi_test_1' });
});

const MEMBERS = `query($filter: MemberSearch, $first: Int, $after: ID) { operatorMembers(filter: $filter, first: $first, after: $after) {
  total nextCursor rows { membershipId personId firstName membershipNumber status periodName membershipTypeCode userKeys } } }`;

interface MemberRows {
  operatorMembers: {
    total: number;
    nextCursor: string | null;
    rows: Array<{
      personId: string;
      firstName: string;
      membershipNumber: string | null;
      status: string;
      membershipTypeCode: string;
      userKeys: string[];
    }>;
  };
}

async function members(userKey: string, tenant: Club, variables: Record<string, unknown> = {}) {
  const res = await as<MemberRows>(userKey, tenant, MEMBERS, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.operatorMembers;
}

const names = (page: MemberRows['operatorMembers']) => page.rows.map((r) => r.firstName);

describe('the member list', () => {
  it("lists the organisation's memberships with period, type, status and the account's user key", async () => {
    const page = await members(club.operator.userKey, club);
    expect(page.total).toBe(2);
    expect(page.rows).toEqual([
      expect.objectContaining({
        firstName: 'Finn',
        status: 'PENDING_PAYMENT',
        membershipTypeCode: 'junior',
        userKeys: [club.family.userKey],
      }),
      expect.objectContaining({ firstName: 'Fiona', status: 'ACTIVE', membershipNumber: 'TC-2025-00007', periodName: 'Season 2025' }),
    ]);
  });

  it('searches by name, membership number or user key, and filters by period, type and status', async () => {
    expect(names(await members(club.operator.userKey, club, { filter: { text: 'fiona' } }))).toEqual(['Fiona']);
    const { lastName } = await knex('membership.persons').where({ id: club.family.child }).first('lastName');
    expect(names(await members(club.operator.userKey, club, { filter: { text: `${lastName}, finn` } }))).toEqual(['Finn']);
    expect(names(await members(club.operator.userKey, club, { filter: { text: `Finn ${lastName}` } }))).toEqual(['Finn']);
    expect(names(await members(club.operator.userKey, club, { filter: { text: 'tc-2025-00007' } }))).toEqual(['Fiona']);
    expect(names(await members(club.operator.userKey, club, { filter: { text: club.family.userKey } }))).toEqual(['Finn', 'Fiona']);
    expect(names(await members(club.operator.userKey, club, { filter: { text: '%' } }))).toEqual([]);
    // Spelled without its accents, a name is found as person matching compares names.
    await knex('membership.persons').where({ id: club.family.child }).update({ firstName: 'Fînn', lastName: 'Müller' });
    try {
      expect(names(await members(club.operator.userKey, club, { filter: { text: 'finn muller' } }))).toEqual(['Fînn']);
      expect(names(await members(club.operator.userKey, club, { filter: { text: 'MULLER' } }))).toEqual(['Fînn']);
    } finally {
      await knex('membership.persons').where({ id: club.family.child }).update({ firstName: 'Finn', lastName });
    }
    expect(names(await members(club.operator.userKey, club, { filter: { periodId: String(club.previousPeriodId) } }))).toEqual(['Fiona']);
    expect(names(await members(club.operator.userKey, club, { filter: { membershipTypeCode: 'junior' } }))).toEqual(['Finn']);
    expect(names(await members(club.operator.userKey, club, { filter: { status: 'ACTIVE' } }))).toEqual(['Fiona']);
  });

  it('pages newest first', async () => {
    const first = await members(club.operator.userKey, club, { first: 1 });
    expect(names(first)).toEqual(['Finn']);
    expect(first.total).toBe(2);
    const second = await members(club.operator.userKey, club, { first: 1, after: first.nextCursor });
    expect(names(second)).toEqual(['Fiona']);
    expect(second.nextCursor).toBeNull();
  });

  it('a malformed id or cursor is a clear input error', async () => {
    const bad = await as(club.operator.userKey, club, MEMBERS, { filter: { periodId: 'abc' } });
    expect(bad.errors?.[0]).toMatchObject({ message: 'periodId is not a valid id', extensions: { code: 'INVALID_ID' } });
    const cursor = await as(club.operator.userKey, club, MEMBERS, { after: 'x' });
    expect(cursor.errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
    // Numbers no id column can hold (PostgreSQL integer) are refused the same way, not as a 500.
    const huge = await as(club.operator.userKey, club, MEMBERS, { filter: { periodId: '3000000000' } });
    expect(huge.errors?.[0]).toMatchObject({ message: 'periodId is not a valid id', extensions: { code: 'INVALID_ID' } });
    const far = await as(club.operator.userKey, club, MEMBERS, { after: '9999999999' });
    expect(far.errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
  });

  it("nobody else sees them: another organisation's operator, another tenant's, a member; not even with the period's id", async () => {
    const byPeriod = { filter: { periodId: String(club.periodId) } };
    expect(await members(club.otherOperator.userKey, club, byPeriod)).toEqual({ total: 0, nextCursor: null, rows: [] });
    expect((await members(club.otherOperator.userKey, club, { filter: { text: 'Fiona' } })).total).toBe(0);
    expect((await members(otherTenant.operator.userKey, otherTenant, byPeriod)).total).toBe(0);
    // The other tenant's operator sees their own member only.
    expect(names(await members(otherTenant.operator.userKey, otherTenant, { filter: { text: 'TC-2025-00007' } }))).toEqual(['Fiona']);
    expect((await members(club.family.userKey, club)).total).toBe(0);
  });
});

const PERSON = `query($id: ID!) { operatorPerson(id: $id) { id firstName household { firstName relationship userKey }
  memberships { status periodName } orders { reference status payments { provider providerPaymentId status amountMinor } } } }`;

interface PersonData {
  operatorPerson: {
    id: string;
    firstName: string;
    household: Array<{ firstName: string; relationship: string; userKey: string }>;
    memberships: Array<{ status: string; periodName: string }>;
    orders: Array<{ reference: string; status: string; payments: Array<{ provider: string; providerPaymentId: string; status: string }> }>;
  } | null;
}

async function person(userKey: string, tenant: Club, id: number) {
  const res = await as<PersonData>(userKey, tenant, PERSON, { id: String(id) });
  expect(res.errors).toBeUndefined();
  return res.data!.operatorPerson;
}

describe("a person's page", () => {
  it('shows the household, the memberships, the orders and their payments', async () => {
    const finn = await person(club.operator.userKey, club, club.family.child);
    expect(finn?.firstName).toBe('Finn');
    expect(finn?.household.map((h) => `${h.firstName}:${h.relationship}`)).toEqual([
      'Fiona:self',
      'Frank:partner',
      'Finn:child',
      'Freya:parent',
      'Felix:child',
    ]);
    expect(finn?.household.every((h) => h.userKey === club.family.userKey)).toBe(true);
    expect(finn?.memberships).toEqual([{ status: 'PENDING_PAYMENT', periodName: 'Season 2026' }]);
    expect(finn?.orders).toEqual([
      {
        reference: order.reference,
        status: 'UNPAID',
        payments: [{ provider: 'builtin', providerPaymentId: 'pi_test_1', status: 'failed', amountMinor: 1000 }],
      },
    ]);
    // The account holder placed the order: it is on her page too.
    expect((await person(club.operator.userKey, club, club.family.self))?.orders.map((o) => o.reference)).toEqual([order.reference]);
  });

  it("is null for another organisation's or tenant's operator, a member, and an unknown id", async () => {
    expect(await person(club.otherOperator.userKey, club, club.family.child)).toBeNull();
    expect(await person(otherTenant.operator.userKey, otherTenant, club.family.child)).toBeNull();
    expect(await person(club.family.userKey, club, club.family.child)).toBeNull();
    expect(await person(club.operator.userKey, club, 987654321)).toBeNull();
    expect(await person(club.operator.userKey, club, otherTenant.family.self)).toBeNull();
  });
});

const ORDERS = `query($filter: OrderSearch) { operatorOrders(filter: $filter) { nextCursor orders { reference status userKey periodName } } }`;
const ORDER = `query($ref: String!) { operatorOrder(reference: $ref) { reference totalMinor paidMinor
  payments { provider status } providerEvents { provider eventId providerPaymentId receivedAt } } }`;

describe('orders and payments', () => {
  it("lists the organisation's open orders with the account and period", async () => {
    const res = await as<{ operatorOrders: { orders: unknown[] } }>(club.operator.userKey, club, ORDERS, { filter: { status: 'UNPAID' } });
    expect(res.data?.operatorOrders.orders).toEqual([
      { reference: order.reference, status: 'UNPAID', userKey: club.family.userKey, periodName: 'Season 2026' },
    ]);
    const paid = await as<{ operatorOrders: { orders: unknown[] } }>(club.operator.userKey, club, ORDERS, { filter: { status: 'PAID' } });
    expect(paid.data?.operatorOrders.orders).toEqual([]);
  });

  it("shows an order's payments and the provider's events, found by its reference in any case", async () => {
    const res = await as<{ operatorOrder: { providerEvents: Array<{ eventId: string }> } | null }>(club.operator.userKey, club, ORDER, {
      ref: order.reference.toLowerCase(),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.operatorOrder).toMatchObject({
      reference: order.reference,
      payments: [{ provider: 'builtin', status: 'failed' }],
      providerEvents: [{ provider: 'builtin', eventId: 'evt_1', providerPaymentId: 'pi_test_1' }],
    });
  });

  it('nobody else sees the order, by list or by reference', async () => {
    for (const [userKey, tenant] of [
      [club.otherOperator.userKey, club],
      [otherTenant.operator.userKey, otherTenant],
      [club.family.userKey, club],
    ] as const) {
      const list = await as<{ operatorOrders: { orders: unknown[] } }>(userKey, tenant, ORDERS);
      expect(list.data?.operatorOrders.orders).toEqual([]);
      const one = await as<{ operatorOrder: unknown }>(userKey, tenant, ORDER, { ref: order.reference });
      expect(one.data?.operatorOrder).toBeNull();
    }
  });
});
