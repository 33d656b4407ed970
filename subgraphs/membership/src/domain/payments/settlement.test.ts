import { createKnex, type Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createRegistrationOrder } from '../../registration';
import { seedClub, TODAY, type Club } from '../../testing/fixtures';
import { scopeForUser, type DataScope } from '../scope';
import { recordManualPayment } from './manual';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
/** A pool as wide as the number of payers, so that they really settle at the same time. */
let wide: Knex;

const PAYERS = 24;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  wide = createKnex(db.url, { poolMax: PAYERS });
});

afterAll(async () => {
  await wide.destroy();
  await db.drop();
});

/** A member of the club with an account of their own; `household` persons linked to it. */
async function member(club: Club, name: string, household: number): Promise<{ accountId: number; personIds: number[] }> {
  const personIds: number[] = [];
  for (let i = 0; i < household; i++) {
    const [person] = await knex('membership.persons')
      .insert({ registrationSystemId: club.tenantId, firstName: `${name}${i}`, lastName: 'Payer', dateOfBirth: '1980-01-01' })
      .returning('id');
    personIds.push((person as { id: number }).id);
  }
  const [account] = await knex('membership.accounts')
    .insert({
      registrationSystemId: club.tenantId,
      externalUserId: `${name}.${club.organisationId}`,
      personId: personIds[0],
      email: `${name}@example.org`,
    })
    .returning('id');
  const accountId = (account as { id: number }).id;
  await knex('membership.orgUsers').insert({ accountId, organisationId: club.organisationId, roles: ['ROLE_USER'], isPrimary: true });
  await knex('membership.linkedPersons').insert(
    personIds.map((personId, i) => ({ accountId, personId, relationship: i === 0 ? 'self' : 'child' })),
  );
  return { accountId, personIds };
}

async function unpaidOrder(club: Club, payer: { accountId: number; personIds: number[] }) {
  const created = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId: payer.accountId,
      periodId: club.periodId,
      today: TODAY,
      persons: payer.personIds.map((personId) => ({ personId, membershipTypeCode: 'individual', options: [] })),
    }),
  );
  if (!created.ok) throw new Error(created.message);
  return created.order;
}

async function operatorScope(club: Club): Promise<DataScope> {
  const scope = await scopeForUser(knex, { registrationSystemId: club.tenantId, userKey: club.operator.userKey } as AccessTokenClaims);
  if (!scope) throw new Error('no operator');
  return scope;
}

/** The sequence value of a number of the default pattern `{ORG}-{YYYY}-{SEQ:5}`. */
const sequenceOf = (membershipNumber: string) => Number(/-(\d{5,})$/.exec(membershipNumber)?.[1]);

describe('settlement: membership numbers of concurrent payers', () => {
  it('many settlements at once: every membership active, numbers unique and ascending within an order, none unused', async () => {
    const club = await seedClub(knex);
    // Households of one to three persons: an order's numbers are reserved together.
    const payers = await Promise.all(Array.from({ length: PAYERS }, (_, i) => member(club, `payer${i}`, 1 + (i % 3))));
    const orders = [];
    for (const payer of payers) orders.push(await unpaidOrder(club, payer));
    const operator = await operatorScope(club);

    const results = await Promise.all(
      orders.map((order) =>
        recordManualPayment(wide, operator, { orderReference: order.reference, amountMinor: order.totalMinor }, { portalUrl: null }),
      ),
    );
    expect(results.every((r) => r.ok && r.activated)).toBe(true);

    const memberships: Array<{ orderId: number; status: string; membershipNumber: string }> = await knex('membership.memberships')
      .whereIn(
        'orderId',
        orders.map((o) => o.id),
      )
      .orderBy('id')
      .select('orderId', 'status', 'membershipNumber');
    const expected = payers.reduce((n, p) => n + p.personIds.length, 0);
    expect(memberships).toHaveLength(expected);
    expect(memberships.every((m) => m.status === 'active')).toBe(true);
    expect(new Set(memberships.map((m) => m.membershipNumber)).size).toBe(expected);
    // Nothing rolled back, so the values handed out are exactly 1..n.
    const values = memberships.map((m) => sequenceOf(m.membershipNumber)).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    for (const order of orders) {
      const own = memberships.filter((m) => m.orderId === order.id).map((m) => sequenceOf(m.membershipNumber));
      expect(own).toEqual([...own].sort((a, b) => a - b));
    }
    // One confirmation per order, each listing its own numbers.
    const emails: Array<{ orderId: number; textBody: string }> = await knex('membership.emails')
      .whereIn(
        'orderId',
        orders.map((o) => o.id),
      )
      .where({ kind: 'membership_confirmation' })
      .select('orderId', 'textBody');
    expect(emails).toHaveLength(orders.length);
    for (const m of memberships) expect(emails.find((e) => e.orderId === m.orderId)?.textBody).toContain(m.membershipNumber);
  });

  it('a payer does not wait for another payer whose settlement is still open; a rolled-back settlement leaves its number unused', async () => {
    const club = await seedClub(knex);
    const [first, second] = [await member(club, 'first', 1), await member(club, 'second', 1)];
    const [open, other] = [await unpaidOrder(club, first), await unpaidOrder(club, second)];
    const operator = await operatorScope(club);
    const numberOf = async (orderId: number) =>
      (await knex('membership.memberships').where({ orderId }).first()).membershipNumber as string;

    // The first settlement runs and its transaction stays open while the second payer settles on
    // another connection: with a number lock held to commit, the second would wait for the first.
    await expect(
      knex.transaction(async (trx) => {
        const paid = await recordManualPayment(
          trx as unknown as Knex,
          operator,
          { orderReference: open.reference, amountMinor: open.totalMinor },
          { portalUrl: null },
        );
        expect(paid).toMatchObject({ ok: true, activated: true });
        const waited = new Promise((_, reject) => setTimeout(() => reject(new Error('the second payer waited')), 5000).unref());
        const second = recordManualPayment(
          knex,
          operator,
          { orderReference: other.reference, amountMinor: other.totalMinor },
          { portalUrl: null },
        );
        await expect(Promise.race([second, waited])).resolves.toMatchObject({ ok: true, activated: true });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(sequenceOf(await numberOf(other.id))).toBe(2);
    expect(await knex('membership.memberships').where({ orderId: open.id }).first()).toMatchObject({
      status: 'pending_payment',
      membershipNumber: null,
    });

    // The rolled-back settlement's value stays unused (a sequence never goes back): paid again, the
    // order gets the next one.
    await recordManualPayment(knex, operator, { orderReference: open.reference, amountMinor: open.totalMinor }, { portalUrl: null });
    expect(sequenceOf(await numberOf(open.id))).toBe(3);
  });
});
