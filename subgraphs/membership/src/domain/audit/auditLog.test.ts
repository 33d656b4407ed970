import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { createRegistrationOrder } from '../../registration';
import { TODAY, type Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';
import { scopeForUser } from '../scope';
import { recordOperatorActions, recordOperatorActionsOfUser } from './operatorAction';

/**
 * The operators' audit log (issue 20): an operator's change and its entry are one transaction;
 * operators read the entries of the organisations they administer and nothing else (contract
 * rule 10), filtered and paged.
 */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
});

/** Each order registers another person of the family (a person registers once per period). */
const used = new Map<number, number>();
function nextPerson(tenant: Club): number {
  const persons = [tenant.family.self, tenant.family.partner, tenant.family.grandparent];
  const i = used.get(tenant.tenantId) ?? 0;
  used.set(tenant.tenantId, i + 1);
  return persons[i]!;
}

async function unpaidOrder(tenant: Club): Promise<{ id: number; reference: string; totalMinor: number }> {
  const created = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId: tenant.family.accountId,
      periodId: tenant.periodId,
      today: TODAY,
      persons: [{ personId: nextPerson(tenant), membershipTypeCode: 'individual', options: [] }],
    }),
  );
  if (!created.ok) throw new Error(created.message);
  return created.order;
}

const RECORD = `mutation($ref: String!, $amount: Int!) { recordManualPayment(orderReference: $ref, amountMinor: $amount) {
  __typename ... on PaymentError { code } } }`;

const LOG = `query($filter: AuditLogFilter, $first: Int, $after: ID) { operatorAuditLog(filter: $filter, first: $first, after: $after) {
  nextCursor entries { id at organisation { id name } actorUserKey action subjectType subjectId before after } } }`;

interface LogData {
  operatorAuditLog: {
    nextCursor: string | null;
    entries: Array<{
      id: string;
      at: string;
      organisation: { id: string; name: string };
      actorUserKey: string;
      action: string;
      subjectType: string;
      subjectId: string;
      before: string | null;
      after: string | null;
    }>;
  };
}

async function log(userKey: string, tenant: Club, variables: Record<string, unknown> = {}) {
  const res = await as<LogData>(userKey, tenant, LOG, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.operatorAuditLog;
}

describe('the audit log', () => {
  let reference: string;

  beforeAll(async () => {
    const order = await unpaidOrder(club);
    reference = order.reference;
    // A part payment, then the rest: two entries, newest first.
    for (const amount of [1000, order.totalMinor - 1000]) {
      const res = await as(club.operator.userKey, club, RECORD, { ref: reference, amount });
      expect(res.data?.recordManualPayment).toEqual({ __typename: 'ManualPaymentRecorded' });
    }
  });

  it('records who, what, when, before and after of each recorded payment', async () => {
    const { entries } = await log(club.operator.userKey, club, { filter: { subjectId: reference } });
    expect(entries).toHaveLength(2);
    const [second, first] = entries;
    expect(first).toMatchObject({
      organisation: { id: String(club.organisationId), name: 'Test Club' },
      actorUserKey: club.operator.userKey,
      action: 'payment.recorded',
      subjectType: 'order',
      subjectId: reference,
    });
    expect(JSON.parse(first!.before!)).toEqual({ status: 'unpaid', paidMinor: 0 });
    expect(JSON.parse(first!.after!)).toMatchObject({ status: 'unpaid', paidMinor: 1000, amountMinor: 1000 });
    expect(JSON.parse(second!.before!)).toEqual({ status: 'unpaid', paidMinor: 1000 });
    expect(JSON.parse(second!.after!)).toMatchObject({ status: 'paid' });
    expect(Date.parse(first!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a refused action writes nothing', async () => {
    const before = await knex('membership.auditLog').count<{ count: string }[]>('* as count');
    const res = await as(club.operator.userKey, club, RECORD, { ref: reference, amount: 100 });
    expect(res.data?.recordManualPayment).toEqual({ __typename: 'PaymentError', code: 'ORDER_ALREADY_PAID' });
    const after = await knex('membership.auditLog').count<{ count: string }[]>('* as count');
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('the entry and the change are one transaction: a failing entry undoes the change', async () => {
    const order = await unpaidOrder(club);
    const operator = (await scopeForUser(knex, {
      registrationSystemId: club.tenantId,
      userKey: club.operator.userKey,
    } as AccessTokenClaims))!;
    const otherOrganisation = (
      await knex('membership.organisations').where({ registrationSystemId: club.tenantId, name: 'Other Club' }).first()
    ).id as number;
    await expect(
      knex.transaction(async (trx) => {
        await trx('membership.orders').where({ id: order.id }).update({ status: 'cancelled' });
        await recordOperatorActions(trx, operator, [
          {
            organisationId: otherOrganisation,
            action: 'order.cancelled',
            subjectType: 'order',
            subjectId: order.reference,
            before: null,
            after: null,
          },
        ]);
      }),
    ).rejects.toThrow('Not an operator of this organisation');
    expect((await knex('membership.orders').where({ id: order.id }).first()).status).toBe('unpaid');
    expect(await knex('membership.auditLog').where({ subjectId: order.reference })).toEqual([]);
  });

  it('filters by action, operator and date, and pages newest first', async () => {
    expect((await log(club.operator.userKey, club, { filter: { action: 'payment.refunded' } })).entries).toEqual([]);
    expect((await log(club.operator.userKey, club, { filter: { actorUserKey: club.family.userKey } })).entries).toEqual([]);
    expect((await log(club.operator.userKey, club, { filter: { until: '2020-01-01' } })).entries).toEqual([]);
    expect(
      (await log(club.operator.userKey, club, { filter: { since: '2020-01-01', actorUserKey: club.operator.userKey } })).entries,
    ).toHaveLength(2);
    const page1 = await log(club.operator.userKey, club, { first: 1 });
    expect(page1.entries).toHaveLength(1);
    expect(page1.nextCursor).toBe(page1.entries[0]!.id);
    const page2 = await log(club.operator.userKey, club, { first: 1, after: page1.nextCursor });
    expect(page2.entries).toHaveLength(1);
    expect(Number(page2.entries[0]!.id)).toBeLessThan(Number(page1.entries[0]!.id));
    expect(page2.nextCursor).toBeNull();
  });

  it('a date that is not one is a clear input error', async () => {
    const res = await as(club.operator.userKey, club, LOG, { filter: { since: 'yesterday' } });
    expect(res.errors?.[0]?.message).toBe('since must be an ISO 8601 date or instant');
    expect(res.errors?.[0]?.extensions?.code).toBe('INVALID_DATE');
    // A year PostgreSQL cannot store reaches the database and comes back as the caller's error, not a 500.
    const yearZero = await as(club.operator.userKey, club, LOG, { filter: { since: '0000-01-01' } });
    expect(yearZero.errors?.[0]).toMatchObject({ message: 'A date or time is out of range', extensions: { code: 'INVALID_INPUT' } });
  });

  it("an operator of another organisation or tenant reads none of it, even with the organisation's id", async () => {
    const byId = { filter: { organisationId: String(club.organisationId) } };
    expect((await log(club.otherOperator.userKey, club, byId)).entries).toEqual([]);
    expect((await log(club.otherOperator.userKey, club)).entries).toEqual([]);
    expect((await log(otherTenant.operator.userKey, otherTenant, byId)).entries).toEqual([]);
    // Forged claims: another tenant's operator naming club's tenant is not an account there.
    expect((await log(otherTenant.operator.userKey, club, byId)).entries).toEqual([]);
    // A member of the organisation is no operator.
    expect((await log(club.family.userKey, club, byId)).entries).toEqual([]);
    // And the operator's own organisation filter still finds them.
    expect((await log(club.operator.userKey, club, byId)).entries).toHaveLength(2);
  });
});

describe("another subgraph's entries (recordOperatorActionsOfUser: the operator by user key, as imports writes them)", () => {
  const entry = (organisationId: number, subjectId: string) => ({
    organisationId,
    action: 'test.recorded',
    subjectType: 'test_subject',
    subjectId,
    before: null,
    after: { n: 1 },
  });
  const byUserKey = (tenant: Club, userKey: string, organisationId: number, subjectId: string) =>
    knex.transaction((trx) =>
      recordOperatorActionsOfUser(trx, { registrationSystemId: tenant.tenantId, userKey }, [entry(organisationId, subjectId)]),
    );
  const written = (subjectId: string) =>
    knex('membership.auditLog')
      .where({ subjectType: 'test_subject', subjectId })
      .select('registrationSystemId', 'organisationId', 'actorAccountId', 'actorUserKey', 'action', 'before', 'after');

  it("names the operator's account; refuses an organisation they do not administer and a user key without an account, writing nothing", async () => {
    await byUserKey(club, club.operator.userKey, club.organisationId, 'by-user-key');
    expect(await written('by-user-key')).toEqual([
      {
        registrationSystemId: club.tenantId,
        organisationId: club.organisationId,
        actorAccountId: club.operator.accountId,
        actorUserKey: club.operator.userKey,
        action: 'test.recorded',
        before: null,
        after: { n: 1 },
      },
    ]);
    for (const [userKey, tenant] of [
      [club.otherOperator.userKey, club],
      [club.family.userKey, club],
      ['no-such-user', club],
      [club.operator.userKey, otherTenant],
    ] as const) {
      await expect(byUserKey(tenant, userKey, club.organisationId, 'refused')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await written('refused')).toEqual([]);
  });
});
