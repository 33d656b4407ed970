import { createKnex, NOTIFY_SESSION_SQL, type Knex } from '@ems/db';
import { DEMO_HMAC_PERIOD_ID, DEMO_MEMBER_OIDC } from '@ems/membership/demo';
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

  it('refuses a callback whose ID token does not carry the sign-in’s nonce', async () => {
    const member = memberOidcBrowser();
    const callback = await visitMemberProvider(member, 'dora', REGISTER);
    // The nonce this session expects, changed behind the router's back (and its session cache told).
    const sid = decodeURIComponent(member.sessionId() ?? '')
      .replace(/^s:/, '')
      .replace(/\.[^.]*$/, '');
    await knex.raw(
      `UPDATE gateway.session SET sess = jsonb_set(sess::jsonb, '{memberSignIn,nonce}', '"not-the-nonce"')::json WHERE sid = ? RETURNING ${NOTIFY_SESSION_SQL}`,
      [sid],
    );
    await new Promise((r) => setTimeout(r, 300));
    const landed = await finishMemberSignIn(member, callback);
    expect(landed.pathname + landed.search).toBe(`${REGISTER}?signIn=failed`);
    expect((await member.get('/api/auth/options')).json<Options>().session).toBeNull();
  });
});
