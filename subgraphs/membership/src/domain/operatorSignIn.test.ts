import type { Knex } from '@ems/db';
import { verifyAccessToken } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedMembershipDemo } from '../demo';
import { refreshToken } from './authentication';
import { exchangeOperatorClaims, type OperatorClaims } from './operatorSignIn';

/**
 * Contract rule 11 (the admin portal signs in and switches tenants through
 * `/auth/token-exchange/oauth2`) and rule 10 (data scoping by OrgUser): an operator is found by
 * the provider's (issuer, subject) or verified e-mail, and a token carries ONE registration
 * system's rights. On the demo installation: Olga administers Riverside (1) and Hillside (2).
 */
const settings = { jwtSecret: 'j'.repeat(32) + 'k'.repeat(32), validitySeconds: 1800 };
const ISSUER = 'https://login.example.org';
const olga: OperatorClaims = { iss: ISSUER, sub: 'olga-at-idp', email: 'Olga.Operator@example.org', emailVerified: true };

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  await seedMembershipDemo(knex, { customerSecret: 's'.repeat(40), portalApiKey: 'k'.repeat(40) });
});

afterAll(async () => {
  await db.drop();
});

const exchange = (claims: OperatorClaims, requestedTenant?: number, keyTenant: number | null = null) =>
  exchangeOperatorClaims(knex, { claims, requestedTenant, keyTenant }, settings);

describe('the admin portal exchange (rule 11)', () => {
  it('finds an operator by the verified e-mail, signs her in to her first tenant and lists both tenants', async () => {
    const result = await exchange(olga);
    expect(result.registrationSystemId).toBe(1);
    expect(result.tenants).toEqual([
      { registrationSystemId: 1, name: 'Demo Club Network', organisations: [{ id: expect.any(Number), name: 'Riverside Athletics Club' }] },
      {
        registrationSystemId: 2,
        name: 'Demo Club Network (HMAC links)',
        organisations: [{ id: expect.any(Number), name: 'Hillside Cycling Club' }],
      },
    ]);
    const claims = verifyAccessToken(result.token, settings.jwtSecret);
    expect(claims).toMatchObject({ registrationSystemId: 1, userKey: 'olga.operator' });
    expect(claims.authorities).toEqual(expect.arrayContaining(['ROLE_OPERATOR', 'ROLE_ORG_ADMIN']));
  });

  it('switches tenant: the token of the chosen registration system carries only that tenant (rule 10)', async () => {
    const result = await exchange(olga, 2);
    const claims = verifyAccessToken(result.token, settings.jwtSecret);
    expect(result.registrationSystemId).toBe(2);
    expect(claims).toMatchObject({ registrationSystemId: 2, userKey: 'olga.ostrova' });
    const hillside = await knex('membership.organisations').where({ slug: 'hillside-cc' }).first('id');
    expect(claims.orgId).toBe(hillside.id);
  });

  it('records (issuer, subject) at the first sign-in, so a later one needs no e-mail', async () => {
    const linked = await knex('membership.operatorIdentities').where({ issuer: ISSUER, subject: olga.sub }).orderBy('accountId');
    expect(linked).toHaveLength(2);
    const withoutEmail = await exchange({ iss: ISSUER, sub: olga.sub });
    expect(withoutEmail.tenants.map((t) => t.registrationSystemId)).toEqual([1, 2]);
  });

  it('does not take the same subject at another issuer for the same person', async () => {
    await expect(exchange({ iss: 'https://other.example.org', sub: olga.sub })).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
  });

  it('refuses an e-mail the provider has not verified', async () => {
    await expect(exchange({ iss: ISSUER, sub: 'someone', email: olga.email, emailVerified: false })).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
  });

  it('refuses a member who administers no organisation (Anna)', async () => {
    await expect(exchange({ iss: ISSUER, sub: 'anna', email: 'anna.berg@example.org', emailVerified: true })).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
  });

  it('refuses a registration system the operator does not administer, and writes nothing', async () => {
    const before = await knex('membership.operatorIdentities').count<{ count: string }[]>('* as count');
    await expect(exchange({ iss: ISSUER, sub: 'new-subject', email: olga.email, emailVerified: true }, 99)).rejects.toMatchObject({
      status: 403,
      code: 'TENANT_NOT_ALLOWED',
    });
    const after = await knex('membership.operatorIdentities').count<{ count: string }[]>('* as count');
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('a tenant-scoped admin key signs operators in to its own tenant only', async () => {
    const result = await exchange(olga, undefined, 2);
    expect(result.registrationSystemId).toBe(2);
    expect(result.tenants.map((t) => t.registrationSystemId)).toEqual([2]);
    await expect(exchange(olga, 1, 2)).rejects.toMatchObject({ status: 403 });
  });

  it('a refresh keeps the operator authority; a member token never gains it', async () => {
    const operator = verifyAccessToken((await exchange(olga)).token, settings.jwtSecret);
    const refreshed = verifyAccessToken((await refreshToken(knex, operator, settings)).token, settings.jwtSecret);
    expect(refreshed.authorities).toContain('ROLE_OPERATOR');
    const memberTokenOfOlga = { ...operator, authorities: ['ROLE_ORG_ADMIN', 'ROLE_USER'] };
    const member = verifyAccessToken((await refreshToken(knex, memberTokenOfOlga, settings)).token, settings.jwtSecret);
    expect(member.authorities).not.toContain('ROLE_OPERATOR');
  });
});
