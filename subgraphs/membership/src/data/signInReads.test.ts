import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedClub } from '../testing/fixtures';
import { findAccountByUserKey } from './accounts';
import { findTenantAuthSettings } from './tenants';

/**
 * A sign-in through a customer's link reads its tenant's settings and the account: each in one
 * statement (the secrets and the account's organisations joined), since every sign-in pays them.
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

    await knex('membership.accounts').where({ id: club.operator.accountId }).update({ disabledAt: new Date() });
    expect(await findAccountByUserKey(knex, club.tenantId, club.operator.userKey)).toBeNull();
  });
});
