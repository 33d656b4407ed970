import type { Knex } from '@ems/db';
import * as migration from '../../../../db/migrations/20261128100000_org_users_club_user_since';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedClub, type Club } from '../testing/fixtures';
import { insertSelfRegisteredAccount } from './memberAccounts';

/**
 * `org_users.club_user_since` (docs/decisions.md, "Self-registered accounts"): null on the rows a
 * self-registration writes for every club of the tenant; the migration's backfill tells the rows
 * written before it by their signature, and `down` drops the column.
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

async function organisationsOf(club: Club): Promise<number[]> {
  const rows = await knex('membership.organisations').where({ registrationSystemId: club.tenantId }).orderBy('id').select('id');
  return rows.map((r: { id: number }) => r.id);
}

/** An account with ROLE_USER rows in these organisations, written by one statement (one created_at), as before the migration. */
async function accountWithRows(club: Club, userKey: string, organisationIds: readonly number[], roles = ['ROLE_USER']): Promise<number> {
  const [{ id }] = await knex('membership.accounts')
    .insert({ registrationSystemId: club.tenantId, externalUserId: userKey })
    .returning('id');
  await knex('membership.org_users').insert(organisationIds.map((organisationId) => ({ accountId: id, organisationId, roles })));
  return id as number;
}

async function clubUserSince(
  accountId: number,
): Promise<Array<{ organisationId: number; blanket: boolean; sinceCreated: boolean | null }>> {
  return knex('membership.org_users')
    .where({ accountId })
    .orderBy('organisationId')
    .select('organisationId', knex.raw('club_user_since IS NULL AS blanket'), knex.raw('club_user_since = created_at AS since_created'));
}

it('a self-registration writes blanket rows for every club; other rows are the clubs’ own from their creation', async () => {
  const club = await seedClub(knex);
  const [a, b] = await organisationsOf(club);
  const account = await insertSelfRegisteredAccount(knex, { registrationSystemId: club.tenantId, userKey: 'anonymous:new', email: null });
  expect(await clubUserSince(account)).toEqual([
    { organisationId: a, blanket: true, sinceCreated: null },
    { organisationId: b, blanket: true, sinceCreated: null },
  ]);
  const [operator] = await clubUserSince(club.operator.accountId);
  expect(operator).toMatchObject({ blanket: false });
});

it('down drops the column; up marks the blanket rows written before it by their signature, and only those', async () => {
  const withoutProvider = await seedClub(knex);
  const withProvider = await seedClub(knex);
  await knex('membership.tenant_member_oidc').insert({
    registrationSystemId: withProvider.tenantId,
    issuerUrl: 'https://id.example.org',
    clientId: 'c',
    clientSecret: 's',
    displayName: 'Club ID',
  });
  await migration.down(knex);
  expect(
    (await knex.raw(`SELECT 1 FROM information_schema.columns WHERE table_name = 'org_users' AND column_name = 'club_user_since'`)).rows,
  ).toEqual([]);

  const [a1, b1] = await organisationsOf(withoutProvider);
  const [a2, b2] = await organisationsOf(withProvider);
  // Blanket rows: an anonymous registration's (any tenant), a member sign-in's (a tenant with a provider).
  const anonymous = await accountWithRows(withoutProvider, 'anonymous:old', [a1!, b1!]);
  const signedIn = await accountWithRows(withProvider, 'sub-1', [a2!, b2!]);
  // Not blanket: a website login of a tenant without a provider, an account one club made its user,
  // an operator's rows, a row that covers one club of two.
  const website = await accountWithRows(withoutProvider, 'web.user', [a1!, b1!]);
  const clubs = await accountWithRows(withProvider, 'imported', [a2!]);
  const operators = await accountWithRows(withProvider, 'sub-2', [a2!, b2!], ['ROLE_USER', 'ROLE_ORG_ADMIN']);
  // A club founded after the registration does not make its rows less of a blanket.
  await knex('membership.organisations').insert({ registrationSystemId: withProvider.tenantId, name: 'Newer Club', slug: 'newer-club' });

  await migration.up(knex);
  const blanket = (organisationIds: number[]) =>
    organisationIds.map((organisationId) => ({ organisationId, blanket: true, sinceCreated: null }));
  const clubsOwn = (organisationIds: number[]) =>
    organisationIds.map((organisationId) => ({ organisationId, blanket: false, sinceCreated: true }));
  expect(await clubUserSince(anonymous)).toEqual(blanket([a1!, b1!]));
  expect(await clubUserSince(signedIn)).toEqual(blanket([a2!, b2!]));
  expect(await clubUserSince(website)).toEqual(clubsOwn([a1!, b1!]));
  expect(await clubUserSince(clubs)).toEqual(clubsOwn([a2!]));
  expect(await clubUserSince(operators)).toEqual(clubsOwn([a2!, b2!]));
  for (const row of await clubUserSince(withProvider.family.accountId)) expect(row).toMatchObject({ blanket: false, sinceCreated: true });
  // Rows written after it are the clubs' own from their creation.
  const later = await accountWithRows(withoutProvider, 'later', [a1!]);
  expect(await clubUserSince(later)).toEqual(clubsOwn([a1!]));
});
