import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedClub } from '../testing/fixtures';
import { findAccountByUserKey } from './accounts';
import { organisationNumbering } from './membershipNumbers';
import { orderConfirmationContext } from './orders';
import { periodById } from './periods';
import { findTenantAuthSettings } from './tenants';

/**
 * Reads that a frequent request pays every time, each in one statement: a sign-in's tenant
 * settings (with the secrets) and account (with its organisations), and a settlement's context of
 * the order it activates (read while the order is locked).
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

afterAll(async () => {
  await db.drop();
});

/** The statements `work` runs, after one run for objection's column lookup (once per table and process, for joined eager loading). */
async function withStatements<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  await work();
  let statements = 0;
  const count = () => (statements += 1);
  knex.on('query', count);
  try {
    return { value: await work(), statements };
  } finally {
    knex.removeListener('query', count);
  }
}

describe('findTenantAuthSettings', () => {
  it('gives the active secrets newest first (none revoked or expired), in one statement', async () => {
    const club = await seedClub(knex);
    const secret = (label: string, createdAt: string, extra: Record<string, unknown> = {}) =>
      knex('membership.customerSecrets').insert({ registrationSystemId: club.tenantId, label, secret: label, createdAt, ...extra });
    await secret('old', '2026-01-01T00:00:00Z');
    await secret('new', '2026-06-01T00:00:00Z');
    await secret('revoked', '2026-07-01T00:00:00Z', { revokedAt: new Date() });
    await secret('expired', '2026-08-01T00:00:00Z', { expiresAt: new Date(Date.now() - 1000) });
    await secret('expiring later', '2026-05-01T00:00:00Z', { expiresAt: new Date(Date.now() + 3600_000) });

    const { value, statements } = await withStatements(() => findTenantAuthSettings(knex, club.tenantId));
    expect(value).toEqual({
      id: club.tenantId,
      hashScheme: 'md5',
      hashMaxAgeSeconds: expect.any(Number),
      secrets: ['new', 'expiring later', 'old'],
    });
    expect(statements).toBe(1);
  });

  it('a tenant without secrets has none; an unknown tenant is null', async () => {
    const club = await seedClub(knex);
    expect((await findTenantAuthSettings(knex, club.tenantId))?.secrets).toEqual([]);
    expect(await findTenantAuthSettings(knex, 2_000_000_000)).toBeNull();
  });
});

describe('findAccountByUserKey', () => {
  it('gives the account with its organisations and roles in one statement; a disabled account is not found', async () => {
    const club = await seedClub(knex);
    const { value, statements } = await withStatements(() => findAccountByUserKey(knex, club.tenantId, club.operator.userKey));
    expect(value).toMatchObject({ id: club.operator.accountId, userKey: club.operator.userKey });
    expect(value?.orgUsers).toEqual([
      { organisationId: club.organisationId, roles: expect.arrayContaining(['ROLE_ORG_ADMIN']), isPrimary: true },
    ]);
    expect(statements).toBe(1);

    // A second organisation: the organisations come in the order they were given (the token's
    // organisation is the primary one, else the first).
    const [second] = await knex('membership.organisations')
      .insert({ registrationSystemId: club.tenantId, name: 'Second Club', slug: `second-${club.organisationId}` })
      .returning('id');
    await knex('membership.orgUsers').insert({
      accountId: club.operator.accountId,
      organisationId: second.id,
      roles: ['ROLE_USER'],
      isPrimary: false,
    });
    const both = await findAccountByUserKey(knex, club.tenantId, club.operator.userKey);
    expect(both?.orgUsers.map((o) => o.organisationId)).toEqual([club.organisationId, second.id]);

    await knex('membership.accounts').where({ id: club.operator.accountId }).update({ disabledAt: new Date() });
    expect(await findAccountByUserKey(knex, club.tenantId, club.operator.userKey)).toBeNull();
  });
});

describe('orderConfirmationContext', () => {
  it('reads what the period, the organisation’s numbering and the account’s contact say, in one statement', async () => {
    const club = await seedClub(knex);
    const order = { periodId: club.periodId, organisationId: club.organisationId, accountId: club.family.accountId };
    const { value: context, statements } = await withStatements(() => orderConfirmationContext(knex, order));
    expect(statements).toBe(1);

    const period = await periodById(knex, club.periodId);
    const account = await knex('membership.accounts').where({ id: club.family.accountId }).first();
    const self = await knex('membership.persons').where({ id: account.personId }).first();
    expect(context).toEqual({
      periodName: period?.name,
      periodStartsOn: period?.startsOn,
      numbering: await organisationNumbering(knex, club.organisationId),
      // The account's address, else its own person's.
      contact: { email: account.email ?? self.email, firstName: self.firstName },
    });
    expect(context?.contact.email).toEqual(expect.stringContaining('@'));
  });

  it('a disabled account has no contact; an order of a period that does not exist has no context', async () => {
    const club = await seedClub(knex);
    await knex('membership.accounts').where({ id: club.family.accountId }).update({ disabledAt: new Date() });
    const order = { periodId: club.periodId, organisationId: club.organisationId, accountId: club.family.accountId };
    expect((await orderConfirmationContext(knex, order))?.contact).toEqual({ email: null, firstName: null });
    expect(await orderConfirmationContext(knex, { ...order, periodId: 2_000_000_000 })).toBeNull();
  });
});
