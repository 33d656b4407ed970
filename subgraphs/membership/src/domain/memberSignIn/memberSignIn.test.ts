import type { Knex } from '@ems/db';
import { AppError, verifyAccessToken } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { DEMO_HMAC_PERIOD_ID, seedMembershipDemo } from '../../demo';
import { createRegistrationOrder } from '../registration/createOrder';
import { refreshToken } from '../authentication';
import { todayIso } from '../clock';
import { ANONYMOUS_AUTHORITY, registerAnonymousSession } from './anonymousSession';
import { exchangeMemberClaims, type MemberClaims } from './memberExchange';
import { createOwnPerson } from './ownPerson';
import { memberOidcForRouter } from './tenantProvider';

/**
 * Contract rule 12: on a tenant with member OpenID Connect (Hillside's registration system, 2,
 * here) a member continues anonymously or signs in; an anonymous registration in progress is kept
 * when the member signs in later. Registration system 1 has no member provider.
 */
const settings = { jwtSecret: 'j'.repeat(32) + 'k'.repeat(32), validitySeconds: 1800 };
const ISSUER = 'https://club-id.example.org';
const HILLSIDE = 2;

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let definitionId: number;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  // The demo seed configures Hillside's member provider as `npm start` does.
  await seedMembershipDemo(knex, {
    customerSecret: 's'.repeat(40),
    portalApiKey: 'k'.repeat(40),
    memberOidc: { issuerUrl: ISSUER, clientSecret: 'c'.repeat(32) },
  });
  const org = await knex('membership.organisations').where({ slug: 'hillside-cc' }).first('id');
  [{ id: definitionId }] = await knex('forms.processDefinitions')
    .insert({ key: 'membership', name: 'Membership', organisationId: org.id })
    .returning('id');
});

afterAll(async () => {
  await db.drop();
});

async function code(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'no error';
}

/** An anonymous session that entered its own details, started the period's registration and has an unpaid order. */
async function anonymousRegistrationInProgress(firstName: string) {
  const session = await registerAnonymousSession(knex, HILLSIDE, undefined, settings);
  const { accountId } = verifyAccessToken(session.token, settings.jwtSecret);
  return { sessionId: session.sessionId, ...(await registrationInProgress(accountId, firstName)) };
}

/** The account's own person, an open process of Hillside's period at step 2 and its unpaid order. */
async function registrationInProgress(accountId: number, firstName: string) {
  const person = await createOwnPerson(
    knex,
    accountId,
    { firstName, lastName: 'Anon', dateOfBirth: '1991-04-05', email: `${firstName}@example.org` },
    todayIso(),
  );
  const [process] = await knex('forms.processInstances')
    .insert({
      definitionId,
      accountId,
      registrationSystemId: HILLSIDE,
      periodId: DEMO_HMAC_PERIOD_ID,
      state: 'RUNNING',
      step: 2,
      selectedPersonIds: [person.id],
    })
    .returning('id');
  const order = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId,
      periodId: DEMO_HMAC_PERIOD_ID,
      today: todayIso(),
      persons: [{ personId: person.id, membershipTypeCode: 'individual', options: [] }],
    }),
  );
  if (!order.ok) throw new Error(`order refused: ${order.code}`);
  await knex('forms.processInstances').where({ id: process.id }).update({ orderId: order.order.id });
  return { accountId, personId: person.id, processId: process.id as string, orderId: order.order.id };
}

/** What belongs to an account: its persons, open processes and orders. */
async function holdings(accountId: number) {
  return {
    persons: await knex('membership.linkedPersons').where({ accountId }).orderBy('personId').select('personId', 'relationship'),
    processes: await knex('forms.processInstances').where({ accountId }).orderBy('id').pluck('id'),
    orders: await knex('membership.orders').where({ accountId }).orderBy('id').pluck('id'),
    organisations: await knex('membership.orgUsers').where({ accountId }).orderBy('organisationId').pluck('organisationId'),
  };
}

const claimsOf = (sub: string, email?: string): MemberClaims => ({ iss: ISSUER, sub, ...(email ? { email, emailVerified: true } : {}) });

describe('rule 12: anonymous registration (POST /auth/register-session)', () => {
  it('is refused for a tenant without member OpenID Connect, and where the tenant does not allow it', async () => {
    expect(await code(registerAnonymousSession(knex, 1, undefined, settings))).toBe('MEMBER_SIGN_IN_NOT_OFFERED');
    await knex('membership.tenantMemberOidc').where({ registrationSystemId: HILLSIDE }).update({ anonymousAllowed: false });
    try {
      expect(await code(registerAnonymousSession(knex, HILLSIDE, undefined, settings))).toBe('ANONYMOUS_NOT_OFFERED');
    } finally {
      await knex('membership.tenantMemberOidc').where({ registrationSystemId: HILLSIDE }).update({ anonymousAllowed: true });
    }
  });

  it("makes an account of the session's own (no e-mail, a user of the tenant's clubs) with an anonymous token; the same session id is the same account", async () => {
    const first = await registerAnonymousSession(knex, HILLSIDE, undefined, settings);
    const claims = verifyAccessToken(first.token, settings.jwtSecret);
    expect(claims.userKey).toBe(`anonymous:${first.sessionId}`);
    expect(claims.authorities).toContain(ANONYMOUS_AUTHORITY);
    const account = await knex('membership.accounts').where({ id: claims.accountId }).first();
    expect(account).toMatchObject({
      registrationSystemId: HILLSIDE,
      externalUserId: `anonymous:${first.sessionId}`,
      email: null,
      personId: null,
    });
    expect((await holdings(claims.accountId)).organisations).toHaveLength(1);
    const again = await registerAnonymousSession(knex, HILLSIDE, first.sessionId, settings);
    expect(verifyAccessToken(again.token, settings.jwtSecret).accountId).toBe(claims.accountId);
    // A refreshed token is still an anonymous one.
    const refreshed = await refreshToken(knex, claims, settings);
    expect(verifyAccessToken(refreshed.token, settings.jwtSecret).authorities).toContain(ANONYMOUS_AUTHORITY);
  });

  it("takes the member's own details once, validated", async () => {
    const { token } = await registerAnonymousSession(knex, HILLSIDE, undefined, settings);
    const { accountId } = verifyAccessToken(token, settings.jwtSecret);
    const details = { firstName: 'Mia', lastName: 'Own', dateOfBirth: '1999-02-03', email: 'mia@example.org' };
    expect(await code(createOwnPerson(knex, accountId, { ...details, dateOfBirth: '2999-01-01' }, todayIso()))).toBe(
      'INVALID_DATE_OF_BIRTH',
    );
    expect(await code(createOwnPerson(knex, accountId, { ...details, dateOfBirth: '1999-02-30' }, todayIso()))).toBe(
      'INVALID_DATE_OF_BIRTH',
    );
    const person = await createOwnPerson(knex, accountId, details, todayIso());
    expect(person).toMatchObject({ firstName: 'Mia', lastName: 'Own', dateOfBirth: '1999-02-03', email: 'mia@example.org' });
    expect((await holdings(accountId)).persons).toEqual([{ personId: person.id, relationship: 'self' }]);
    expect(await code(createOwnPerson(knex, accountId, details, todayIso()))).toBe('OWN_PERSON_EXISTS');
  });
});

describe('rule 12: member sign-in (POST /auth/token-exchange/oauth2 from the registration portal)', () => {
  it('gives a new subject a new account, a user of the clubs, with the verified address', async () => {
    const { token } = await exchangeMemberClaims(knex, HILLSIDE, claimsOf('sub-new', 'new@example.org'), undefined, settings);
    const claims = verifyAccessToken(token, settings.jwtSecret);
    expect(claims).toMatchObject({ userKey: 'sub-new', registrationSystemId: HILLSIDE });
    expect(claims.authorities).not.toContain(ANONYMOUS_AUTHORITY);
    expect(await knex('membership.accounts').where({ id: claims.accountId }).first('email', 'personId')).toEqual({
      email: 'new@example.org',
      personId: null,
    });
  });

  it('refuses claims of another issuer, and an anonymous session on a tenant without member sign-in', async () => {
    expect(
      await code(exchangeMemberClaims(knex, HILLSIDE, { ...claimsOf('x'), iss: 'https://elsewhere.example' }, undefined, settings)),
    ).toBe('ISSUER_MISMATCH');
    expect(await code(exchangeMemberClaims(knex, 1, claimsOf('anna.berg'), '00000000-0000-4000-8000-000000000000', settings))).toBe(
      'MEMBER_SIGN_IN_NOT_OFFERED',
    );
  });

  it('without member sign-in, finds existing accounts only (as before rule 12)', async () => {
    const { token } = await exchangeMemberClaims(knex, 1, { sub: 'anna.berg' }, undefined, settings);
    expect(verifyAccessToken(token, settings.jwtSecret).userKey).toBe('anna.berg');
    expect(await code(exchangeMemberClaims(knex, 1, { sub: 'nobody' }, undefined, settings))).toBe('USER_NOT_FOUND');
  });

  it('a subject without an account takes the anonymous account over, registration and all; a second exchange changes nothing', async () => {
    const anon = await anonymousRegistrationInProgress('claire');
    const before = await holdings(anon.accountId);
    const { token } = await exchangeMemberClaims(
      knex,
      HILLSIDE,
      claimsOf('sub-claire', 'claire@idp.example.org'),
      anon.sessionId,
      settings,
    );
    const claims = verifyAccessToken(token, settings.jwtSecret);
    expect(claims).toMatchObject({ accountId: anon.accountId, userKey: 'sub-claire' });
    expect(claims.authorities).not.toContain(ANONYMOUS_AUTHORITY);
    expect(
      await knex('membership.accounts').where({ id: anon.accountId }).first('externalUserId', 'email', 'personId', 'disabledAt'),
    ).toEqual({
      externalUserId: 'sub-claire',
      email: 'claire@idp.example.org',
      personId: anon.personId,
      disabledAt: null,
    });
    expect(await holdings(anon.accountId)).toEqual(before);
    expect(before.processes).toEqual([anon.processId]);
    expect(before.orders).toEqual([anon.orderId]);

    const accounts = await knex('membership.accounts').count<{ count: string }[]>('* as count');
    const again = await exchangeMemberClaims(knex, HILLSIDE, claimsOf('sub-claire', 'claire@idp.example.org'), anon.sessionId, settings);
    expect(verifyAccessToken(again.token, settings.jwtSecret).accountId).toBe(anon.accountId);
    expect(await knex('membership.accounts').count<{ count: string }[]>('* as count')).toEqual(accounts);
    expect(await holdings(anon.accountId)).toEqual(before);
  });

  it("a subject with an account receives the anonymous registration's persons, process and order; the anonymous account is retired; a second exchange changes nothing", async () => {
    const dora = await knex('membership.accounts')
      .where({ registrationSystemId: HILLSIDE, externalUserId: 'dora.lind' })
      .first('id', 'personId');
    const doraBefore = await holdings(dora.id);
    const anon = await anonymousRegistrationInProgress('dora-anon');
    // Dora signs in with her provider's subject; her verified address finds her account.
    const { token } = await exchangeMemberClaims(knex, HILLSIDE, claimsOf('idp-dora', 'dora.lind@example.org'), anon.sessionId, settings);
    expect(verifyAccessToken(token, settings.jwtSecret)).toMatchObject({ accountId: dora.id, userKey: 'dora.lind' });

    const after = await holdings(dora.id);
    expect(after.persons).toEqual(
      [...doraBefore.persons, { personId: anon.personId, relationship: 'other' }].sort((a, b) => a.personId - b.personId),
    );
    expect(after.processes).toEqual([...doraBefore.processes, anon.processId].sort());
    expect(after.orders).toEqual([...doraBefore.orders, anon.orderId].sort((a, b) => a - b));
    expect(after.organisations).toEqual(doraBefore.organisations);
    expect(await holdings(anon.accountId)).toEqual({ persons: [], processes: [], orders: [], organisations: [] });
    expect(await knex('membership.accounts').where({ id: anon.accountId }).first('mergedIntoAccountId', 'disabledAt')).toEqual({
      mergedIntoAccountId: dora.id,
      disabledAt: expect.any(Date),
    });
    expect((await knex('membership.accounts').where({ id: dora.id }).first('personId')).personId).toBe(dora.personId);

    await exchangeMemberClaims(knex, HILLSIDE, claimsOf('idp-dora', 'dora.lind@example.org'), anon.sessionId, settings);
    expect(await holdings(dora.id)).toEqual(after);
    // The retired session cannot be started again under its old id.
    expect(await code(registerAnonymousSession(knex, HILLSIDE, anon.sessionId, settings))).toBe('ANONYMOUS_SESSION_ENDED');
  });

  it('leaves an open process of a period the account already has one open for behind, with its order; the persons still move', async () => {
    const { token } = await exchangeMemberClaims(knex, HILLSIDE, claimsOf('sub-busy'), undefined, settings);
    const busy = await registrationInProgress(verifyAccessToken(token, settings.jwtSecret).accountId, 'busy');
    const anon = await anonymousRegistrationInProgress('busy-anon');
    await exchangeMemberClaims(knex, HILLSIDE, claimsOf('sub-busy'), anon.sessionId, settings);
    const after = await holdings(busy.accountId);
    expect(after.processes).toEqual([busy.processId]);
    expect(after.orders).toEqual([busy.orderId]);
    expect(after.persons.map((p) => p.personId)).toEqual([busy.personId, anon.personId].sort((a, b) => a - b));
    const behind = await holdings(anon.accountId);
    expect(behind).toMatchObject({ processes: [anon.processId], orders: [anon.orderId], persons: [] });
  });

  it('hands over in one transaction: a failure half-way leaves both accounts as they were', async () => {
    const anon = await anonymousRegistrationInProgress('rollback');
    const before = await holdings(anon.accountId);
    // A trigger that fails the retirement, the last write of the hand-over.
    await knex.raw(
      `CREATE FUNCTION membership.fail_retire() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$`,
    );
    await knex.raw(
      `CREATE TRIGGER fail_retire BEFORE UPDATE OF disabled_at ON membership.accounts FOR EACH ROW WHEN (NEW.disabled_at IS NOT NULL) EXECUTE FUNCTION membership.fail_retire()`,
    );
    try {
      await expect(
        exchangeMemberClaims(knex, HILLSIDE, claimsOf('idp-dora', 'dora.lind@example.org'), anon.sessionId, settings),
      ).rejects.toThrow('injected');
    } finally {
      await knex.raw('DROP TRIGGER fail_retire ON membership.accounts');
      await knex.raw('DROP FUNCTION membership.fail_retire()');
    }
    expect(await holdings(anon.accountId)).toEqual(before);
    expect(await knex('membership.accounts').where({ id: anon.accountId }).first('disabledAt')).toEqual({ disabledAt: null });
  });
});

describe('the router reads the provider settings (GET /auth/tenants/:id/member-oidc)', () => {
  it('answers the registration portal only; none for a tenant without; an unknown tenant is not found', async () => {
    const portal = { portal: 'registration', registrationSystemId: null };
    expect(await memberOidcForRouter(knex, portal, HILLSIDE)).toEqual({
      issuerUrl: ISSUER,
      clientId: expect.any(String),
      clientSecret: 'c'.repeat(32),
      displayName: 'Club ID',
      anonymousAllowed: true,
    });
    expect(await memberOidcForRouter(knex, portal, 1)).toBeNull();
    expect(await code(memberOidcForRouter(knex, portal, 999))).toBe('TENANT_NOT_FOUND');
    expect(await code(memberOidcForRouter(knex, { portal: 'admin', registrationSystemId: null }, HILLSIDE))).toBe('PORTAL_NOT_ALLOWED');
    expect(await code(memberOidcForRouter(knex, { portal: 'registration', registrationSystemId: 1 }, HILLSIDE))).toBe('PORTAL_NOT_ALLOWED');
  });
});
