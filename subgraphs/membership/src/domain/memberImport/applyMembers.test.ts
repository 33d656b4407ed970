import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { lockOrder } from '../../data/orders';
import { giveActiveMembership, seedClub, TODAY, type Club } from '../../testing/fixtures';
import { settleOrderPayment } from '../payments/settlement';
import { quoteOrder } from '../pricing';
import { pricingRulesOf } from '../registration/period';
import { personsForPeriod } from '../registration/persons';
import { periodById } from '../../data/periods';
import { applyMembers } from './applyMembers';
import type { MemberWrite } from './types';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});
afterAll(() => db.drop());

function rowOf(club: Club, key: number, o: Partial<MemberWrite>): MemberWrite {
  return {
    key,
    personId: null,
    firstName: 'Xaver',
    lastName: 'Yilmaz',
    dateOfBirth: '1980-01-01',
    email: null,
    updatePII: false,
    sourceSystemId: null,
    externalId: null,
    userKey: null,
    householdUserKeys: [],
    periodId: club.periodId,
    membershipTypeId: club.types.individual,
    status: 'active',
    membershipNumber: null,
    memberSince: null,
    ...o,
  };
}

function apply(club: Club, rows: MemberWrite[]) {
  return knex.transaction((trx) =>
    applyMembers(
      trx,
      { registrationSystemId: club.tenantId, organisationId: club.organisationId, today: TODAY, importJobId: null, startedAt: null },
      rows,
    ),
  );
}

const orgPrefix = async (club: Club) =>
  `${((await knex('membership.organisations').where({ id: club.organisationId }).first('slug')) as { slug: string }).slug.toUpperCase()}-2026-`;

describe('applyMembers: a household', () => {
  let club: Club;
  let rows: MemberWrite[];
  let created: Awaited<ReturnType<typeof apply>>;
  /** The rows as a second import sends them: F4 has found each person. */
  const matched = () => rows.map((r, i) => ({ ...r, personId: created[i]?.personId ?? null }));

  beforeAll(async () => {
    club = await seedClub(knex);
    const holm = ['holm.hanna'];
    rows = [
      rowOf(club, 2, {
        firstName: 'Hanna',
        lastName: 'Holm',
        dateOfBirth: '1980-02-02',
        email: 'hanna@example.org',
        userKey: 'holm.hanna',
        householdUserKeys: holm,
        memberSince: '2010-05-01',
      }),
      rowOf(club, 3, { firstName: 'Henrik', lastName: 'Holm', dateOfBirth: '1979-03-03', householdUserKeys: holm }),
      rowOf(club, 4, {
        firstName: 'Hedda',
        lastName: 'Holm',
        dateOfBirth: '2015-04-04',
        householdUserKeys: holm,
        membershipTypeId: club.types.junior,
        status: 'pending_payment',
      }),
      rowOf(club, 5, {
        firstName: 'Hugo',
        lastName: 'Holm',
        dateOfBirth: '2016-05-05',
        householdUserKeys: holm,
        membershipTypeId: club.types.junior,
        status: 'pending_payment',
      }),
    ];
  });

  it('creates persons, the account of the user key (its own person, ROLE_USER), links, memberships and one priced order', async () => {
    const results = await apply(club, rows);
    created = results;
    expect(results.map((r) => [r.key, r.action, r.personCreated, r.memberType])).toEqual([
      // Hanna has been a member since 2010, but the period has a previous one here, which decides.
      [2, 'CREATED', true, 'new'],
      [3, 'CREATED', true, 'new'],
      [4, 'CREATED', true, 'new'],
      [5, 'CREATED', true, 'new'],
    ]);
    const account = await knex('membership.accounts').where({ registrationSystemId: club.tenantId, externalUserId: 'holm.hanna' }).first();
    expect(account).toMatchObject({ personId: results[0]?.personId, email: 'hanna@example.org' });
    expect(await knex('membership.orgUsers').where({ accountId: account.id }).select('organisationId', 'roles', 'isPrimary')).toEqual([
      { organisationId: club.organisationId, roles: ['ROLE_USER'], isPrimary: true },
    ]);
    const people = await personsForPeriod(knex, account.id, club.periodId);
    expect(people.map((p) => [p.firstName, p.relationship, p.status])).toEqual([
      ['Hanna', 'self', 'Registered'],
      ['Henrik', 'household', 'Registered'],
      ['Hedda', 'household', 'Pending Payment'],
      ['Hugo', 'household', 'Pending Payment'],
    ]);
    const prefix = await orgPrefix(club);
    expect(results[0]?.membershipNumber).toBe(`${prefix}00001`);
    expect(results[1]?.membershipNumber).toBe(`${prefix}00002`);
    expect(results[2]?.membershipNumber).toBeNull();
    const membership = await knex('membership.memberships').where({ id: results[0]?.membershipId }).first();
    expect(membership).toMatchObject({ status: 'active', memberType: 'new', orderId: null, details: { memberSince: '2010-05-01' } });
    expect(membership.activatedAt).not.toBeNull();

    // One unpaid order of the household's account for both juniors, priced as a registration would be.
    expect(results[2]?.orderId).not.toBeNull();
    expect(results[3]?.orderId).toBe(results[2]?.orderId);
    const order = await knex('membership.orders').where({ id: results[2]?.orderId }).first();
    const period = await periodById(knex, club.periodId);
    const expected = quoteOrder({
      rules: pricingRulesOf(period!),
      registrationDate: TODAY,
      persons: [4, 5].map((i) => ({
        id: results[i - 2]?.personId as number,
        dateOfBirth: rows[i - 2]?.dateOfBirth as string,
        membershipTypeCode: 'junior',
        memberType: 'new' as const,
        options: [],
      })),
    });
    if (!expected.ok) throw new Error('the fixture does not price');
    expect(order).toMatchObject({
      accountId: account.id,
      status: 'unpaid',
      totalMinor: expected.quote.totalMinor,
      periodId: club.periodId,
    });
    expect(order.reference).toMatch(/^ORD-2026-\d{6,}$/);
    const lines = await knex('membership.orderLines').where({ orderId: order.id }).orderBy('position').select('kind', 'amountMinor');
    expect(lines).toEqual(expected.quote.lines.map((l) => ({ kind: l.kind, amountMinor: l.amountMinor })));
  });

  it('changes nothing when the same rows are applied again', async () => {
    const counts = async () =>
      Promise.all(['persons', 'accounts', 'linkedPersons', 'memberships', 'orders'].map((t) => knex(`membership.${t}`).count()));
    const before = await counts();
    const results = await apply(club, matched());
    expect(results.map((r) => r.action)).toEqual(['UNCHANGED', 'UNCHANGED', 'UNCHANGED', 'UNCHANGED']);
    expect(await counts()).toEqual(before);
  });

  it('links a later member of the household to the account, and activation keeps a kept number', async () => {
    const prefix = await orgPrefix(club);
    const [ida] = await apply(club, [
      rowOf(club, 9, {
        firstName: 'Ida',
        lastName: 'Holm',
        dateOfBirth: '2012-01-01',
        householdUserKeys: ['holm.hanna'],
        membershipTypeId: club.types.junior,
        status: 'pending_payment',
        membershipNumber: 'H-17',
      }),
    ]);
    expect(ida).toMatchObject({ action: 'CREATED', membershipNumber: 'H-17', linksCreated: 1 });
    await knex.transaction(async (trx) => {
      const order = await lockOrder(trx, ida?.orderId as number);
      await settleOrderPayment(trx, order!, order!.totalMinor, { portalUrl: null });
    });
    expect(await knex('membership.memberships').where({ id: ida?.membershipId }).first('status', 'membershipNumber')).toEqual({
      status: 'active',
      membershipNumber: 'H-17',
    });
    // The other order's juniors get the next numbers of the sequence when it is paid.
    const other = await knex('membership.memberships').where({ personId: created[2]?.personId }).first('orderId');
    await knex.transaction(async (trx) => {
      const order = await lockOrder(trx, other.orderId);
      await settleOrderPayment(trx, order!, order!.totalMinor, { portalUrl: null });
    });
    const numbers = await knex('membership.memberships').where({ orderId: other.orderId }).orderBy('id').select('membershipNumber');
    expect(numbers.map((m: { membershipNumber: string }) => m.membershipNumber)).toEqual([`${prefix}00003`, `${prefix}00004`]);
  });
});

describe('applyMembers: given numbers beside a settlement', () => {
  it('waits, before it writes, for a settlement that has taken the next number, then refuses that number as taken', async () => {
    const club = await seedClub(knex);
    const prefix = await orgPrefix(club);
    const [awaiting] = await apply(club, [
      rowOf(club, 2, { firstName: 'Paula', userKey: 'paula.p', householdUserKeys: ['paula.p'], status: 'pending_payment' }),
    ]);

    // A payer's settlement takes the first number and has not committed yet.
    const payer = await knex.transaction();
    try {
      const order = await lockOrder(payer, awaiting?.orderId as number);
      await settleOrderPayment(payer, order!, order!.totalMinor, { portalUrl: null });
      const importing = apply(club, [rowOf(club, 3, { firstName: 'Quirin', membershipNumber: `${prefix}00001` })]);
      // The import waits for the organisation's number lock (an advisory lock), not for a row the
      // settlement wrote: it has checked and written nothing yet.
      // pg_locks is the whole server's: this database's two-key advisory lock of this organisation.
      const waiting = async () =>
        (
          await knex.raw(
            `SELECT 1 FROM pg_locks
              WHERE NOT granted AND locktype = 'advisory' AND objsubid = 2 AND objid = ?
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            [club.organisationId],
          )
        ).rows.length > 0;
      const deadline = Date.now() + 5000;
      while (!(await waiting()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(true);
      await payer.commit();
      const [refused] = await importing;
      expect(refused).toMatchObject({ action: 'REJECTED', reason: 'NUMBER_TAKEN' });
    } finally {
      if (!payer.isCompleted()) await payer.rollback();
    }
    expect(await knex('membership.memberships').where({ orderId: awaiting?.orderId }).first('membershipNumber')).toEqual({
      membershipNumber: `${prefix}00001`,
    });
  });
});

describe('applyMembers: numbers, renewals and refusals', () => {
  let club: Club;
  beforeAll(async () => {
    club = await seedClub(knex);
  });

  it('keeps given numbers (the sequence moves past those its pattern makes) and refuses a taken or repeated one', async () => {
    const prefix = await orgPrefix(club);
    const results = await apply(club, [
      rowOf(club, 2, { firstName: 'Kai', membershipNumber: `${prefix}00050` }),
      rowOf(club, 3, { firstName: 'Kim', membershipNumber: 'OLD-7' }),
      rowOf(club, 4, { firstName: 'Kira' }),
      rowOf(club, 5, { firstName: 'Knut', membershipNumber: 'OLD-7' }),
    ]);
    expect(results.map((r) => [r.action, r.membershipNumber ?? r.reason])).toEqual([
      ['CREATED', `${prefix}00050`],
      ['CREATED', 'OLD-7'],
      ['CREATED', `${prefix}00051`],
      ['REJECTED', 'NUMBER_TWICE_IN_FILE'],
    ]);
    const [taken] = await apply(club, [rowOf(club, 6, { firstName: 'Kurt', membershipNumber: 'OLD-7' })]);
    expect(taken).toMatchObject({ action: 'REJECTED', reason: 'NUMBER_TAKEN', message: expect.stringContaining('OLD-7') });
  });

  it('makes a renewal of a person active in the previous period, stored or imported by the same batch', async () => {
    await giveActiveMembership(knex, club, club.stranger.self, club.previousPeriodId, 'PREV-1');
    const results = await apply(club, [
      rowOf(club, 2, { personId: club.stranger.self, firstName: 'Sam', lastName: 'stranger', dateOfBirth: '1990-01-01' }),
      rowOf(club, 3, { firstName: 'Rita', lastName: 'Renner', periodId: club.previousPeriodId }),
      rowOf(club, 4, { firstName: 'Rita', lastName: 'Renner' }),
    ]);
    expect(results.map((r) => [r.action, r.memberType])).toEqual([
      ['CREATED', 'renewal'],
      ['CREATED', 'new'],
      ['CREATED', 'renewal'],
    ]);
    // Both of Rita's rows name the same new person.
    expect(results[1]?.personId).toBe(results[2]?.personId);
    expect(results[2]?.personCreated).toBe(false);
  });

  it('refuses, writing nothing for them, what an online registration would refuse', async () => {
    const personsBefore = await knex('membership.persons').count();
    const results = await apply(club, [
      rowOf(club, 2, { firstName: 'Adam', membershipTypeId: club.types.junior }),
      rowOf(club, 3, { firstName: 'Berta', membershipTypeId: club.types.retired }),
      rowOf(club, 4, { firstName: 'Carl', dateOfBirth: null }),
      rowOf(club, 5, { firstName: 'Dana', status: 'pending_payment' }),
      rowOf(club, 6, { firstName: 'Emil', status: 'pending_payment', userKey: 'emil.key', periodId: club.closedPeriodId }),
      rowOf(club, 7, { personId: club.family.self, firstName: 'Fiona', membershipTypeId: club.types.student }),
      rowOf(club, 8, { firstName: 'Gero', userKey: club.family.userKey }),
      rowOf(club, 9, { personId: club.family.partner, firstName: 'Frank' }),
      rowOf(club, 10, { personId: club.family.partner, firstName: 'Frank' }),
    ]);
    expect(results.map((r) => [r.key, r.reason])).toEqual([
      [2, 'AGE_GROUP_NOT_OFFERED'],
      [3, 'UNKNOWN_MEMBERSHIP_TYPE'],
      [4, 'DATE_OF_BIRTH_MISSING'],
      [5, 'NO_PAYING_ACCOUNT'],
      [6, 'NOT_REGISTERING'],
      [7, null],
      [8, 'USER_KEY_OF_OTHER_PERSON'],
      [9, null],
      [10, 'PERSON_TWICE_IN_PERIOD'],
    ]);
    expect(results[5]?.action).toBe('CREATED');
    expect(await knex('membership.persons').count()).toEqual(personsBefore);
    expect(await knex('membership.accounts').where({ externalUserId: 'emil.key' }).first()).toBeUndefined();
    // The family's own account keeps its person; Fiona's membership is now there, so a different one is refused.
    const [differs] = await apply(club, [
      rowOf(club, 11, { personId: club.family.self, firstName: 'Fiona', membershipTypeId: club.types.individual }),
    ]);
    expect(differs).toMatchObject({ reason: 'MEMBERSHIP_DIFFERS', message: expect.stringContaining('Student, active') });
  });

  it('uses a fixed number of statements whatever the number of rows', async () => {
    const statements = async (n: number, offset: number) => {
      let count = 0;
      const onQuery = () => count++;
      knex.on('query', onQuery);
      try {
        await apply(
          club,
          Array.from({ length: n }, (_, i) =>
            rowOf(club, i + 2, {
              firstName: `Nina${offset + i}`,
              lastName: 'Neumann',
              dateOfBirth: `19${String(50 + (i % 40)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
              userKey: i % 3 === 0 ? `nina.${offset + i}` : null,
              householdUserKeys: [`nina.${offset + i - (i % 3)}`],
              status: i % 3 === 2 ? 'pending_payment' : 'active',
            }),
          ),
        );
      } finally {
        knex.off('query', onQuery);
      }
      return count;
    };
    expect(await statements(60, 0)).toBe(await statements(6, 1000));
  });
});
