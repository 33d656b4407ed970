import { createKnex, type Knex } from '@ems/db';
import { DEMO_HMAC_PERIOD_ID, DEMO_MEMBER_OIDC } from '@ems/membership/demo';
import { openPendingSignIn, pendingSignInKey, sealPendingSignIn } from '@ems/router/src/oidc/pendingSignIn';
import { adminBrowser } from '../support/operators';
import { browser } from '../support/demo';
import { configureMemberOidc, finishMemberSignIn, memberOidcBrowser, visitMemberProvider } from '../support/memberSignIn';
import { e2eContext } from '../support/stackContext';

/**
 * Contract rule 12 through the registration portal's router: on a tenant with member OpenID
 * Connect the member signs in with the tenant's provider or continues anonymously, and the
 * anonymous registration is kept at the sign-in. Rule 11: the admin portal offers none of it.
 */
const ctx = e2eContext();
let knex: Knex;
const REGISTER = `/membership/register/${DEMO_HMAC_PERIOD_ID}`;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  await configureMemberOidc(knex);
});
afterAll(async () => {
  await knex.destroy();
});

type Options = { oidc: { name: string } | null; anonymous: boolean; session: string | null };

describe('GET /api/auth/options (rule 12)', () => {
  it("offers the host's tenant's member provider by name and anonymous registration; nothing where the tenant has none", async () => {
    const hillside = await memberOidcBrowser().get('/api/auth/options');
    expect(hillside.status).toBe(200);
    expect(hillside.json<Options>()).toEqual({ oidc: { name: DEMO_MEMBER_OIDC.displayName }, anonymous: true, session: null });
    expect(hillside.text).not.toContain(ctx.secrets.memberOidcClientSecret);
    const riverside = await browser().get('/api/auth/options');
    expect(riverside.json<Options>()).toEqual({ oidc: null, anonymous: false, session: null });
  });

  it('refuses an anonymous registration and a member sign-in where the tenant has no member provider', async () => {
    const riverside = browser();
    expect((await riverside.post('/api/auth/anonymous', { json: {} })).status).toBe(403);
    expect((await riverside.get('/api/auth/oidc/login')).status).toBe(403);
  });

  it('refuses a cross-site anonymous registration (the origin check of every cookie write)', async () => {
    const res = await memberOidcBrowser().post('/api/auth/anonymous', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('rule 11: the admin portal offers no member sign-in', () => {
  it('has no options, anonymous or member OpenID routes', async () => {
    const admin = adminBrowser();
    expect((await admin.get('/api/auth/options', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await admin.post('/api/auth/anonymous', { json: {} })).status).toBe(404);
    expect((await admin.get('/api/auth/oidc/login', { headers: { accept: 'application/json' } })).status).toBe(404);
  });
});

describe('anonymous, then signed in (rule 12)', () => {
  it("hands the anonymous registration's person to the member's account when a member with an account signs in", async () => {
    const member = memberOidcBrowser();
    expect((await member.post('/api/auth/anonymous')).status).toBe(200);
    expect((await member.get('/api/auth/options')).json<Options>().session).toBe('anonymous');
    expect((await member.get('/services/admin-service/api/account/person')).json()).toEqual({ person: null });
    const created = await member.post('/services/admin-service/api/account/person', {
      json: { firstName: 'Dori', lastName: 'Lind', dateOfBirth: '2015-08-14', email: 'dora.lind@example.org' },
    });
    expect(created.status).toBe(201);
    const anonymousSession = member.sessionId();

    // Dora's verified address at the provider finds the account her club's website links to.
    const landed = await finishMemberSignIn(member, await visitMemberProvider(member, 'dora', REGISTER));
    expect(landed.pathname + landed.search).toBe(REGISTER);
    expect(member.sessionId()).not.toBe(anonymousSession);
    expect((await member.get('/api/auth/options')).json<Options>().session).toBe('member');
    const own = (await member.get('/services/admin-service/api/account/person')).json<{ person: { firstName: string } }>().person;
    expect(own).toMatchObject({ firstName: 'Dora', lastName: 'Lind' });
    const dora = await knex('membership.accounts').where({ registrationSystemId: 2, externalUserId: 'dora.lind' }).first('id');
    const dori = await knex('membership.persons as p')
      .join('membership.linkedPersons as l', 'l.personId', 'p.id')
      .where({ 'p.firstName': 'Dori', 'l.accountId': dora.id })
      .first('l.relationship');
    expect(dori).toEqual({ relationship: 'other' });
  });

  /** The browser's pending sign-in cookie (pendingSignIn.ts): sealed with a key only the router holds. */
  const PENDING = 'ems.sid.oidc';
  const pendingKey = () => pendingSignInKey(ctx.secrets.sessionSecret);

  it('refuses a callback whose ID token does not carry the sign-in’s nonce', async () => {
    const member = memberOidcBrowser();
    const callback = await visitMemberProvider(member, 'dora', REGISTER);
    // The nonce this browser's pending sign-in expects, changed as only the router's key could.
    const pending = await openPendingSignIn<Record<string, unknown>>(pendingKey(), PENDING, member.cookies.get(PENDING)!, Date.now());
    expect(pending).toMatchObject({ nonce: expect.any(String), registrationSystemId: DEMO_MEMBER_OIDC.registrationSystemId });
    member.cookies.set(
      PENDING,
      await sealPendingSignIn(pendingKey(), PENDING, { ...pending, nonce: 'not-the-nonce' }, Date.now() + 60_000),
    );
    const landed = await finishMemberSignIn(member, callback);
    expect(landed.pathname + landed.search).toBe(`${REGISTER}?signIn=failed`);
    expect((await member.get('/api/auth/options')).json<Options>().session).toBeNull();
  });

  it('starts a sign-in without a session: the pending sign-in is a sealed cookie for the callback only, used once', async () => {
    const member = memberOidcBrowser();
    const start = await member.get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(REGISTER)}`);
    expect(start.status).toBe(302);
    expect(member.sessionId()).toBeUndefined();
    const cookie = (start.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${PENDING}=`));
    expect(cookie).toMatch(/; Path=\/api\/auth\/oidc\/callback; /);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // Nothing of it readable: not the state the provider was sent, nor the return path.
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    expect(cookie).not.toContain(state);
    expect(cookie).not.toContain('membership');
    // A cookie the browser changed is no pending sign-in.
    const sealed = member.cookies.get(PENDING)!;
    const changed = memberOidcBrowser();
    changed.cookies.set(PENDING, `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`);
    const back = await changed.get(`/api/auth/oidc/callback?code=x&state=${state}`);
    expect(back.headers.location).toBe('/?signIn=expired');
  });
});
