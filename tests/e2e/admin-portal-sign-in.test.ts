import { ADMIN_SESSION_COOKIE } from '@ems/router/src/dev/stack';
import { HttpClient } from '../support/client';
import { browser, signedInBrowser } from '../support/demo';
import { startExtraRouter, startExtraService } from '../support/extraRouter';
import { UNLIMITED_RATES } from '../support/rateLimits';
import { adminBrowser, adminSessionId, finishSignIn, signedInOperator, visitProvider } from '../support/operators';
import { e2eContext } from '../support/stackContext';

/**
 * The admin portal's router (PORTAL=admin) with the demo OpenID provider, through the real
 * processes: contract rule 11 (the admin portal signs in and switches tenant only through
 * `/auth/token-exchange/oauth2`), rule 2 (no token reaches the browser: HttpClient checks every
 * answer) and rule 10 (the token carries one tenant's rights). Olga operates Riverside (tenant 1)
 * and Hillside (tenant 2); Anna is a member only.
 */
const ctx = e2eContext();

const VIEWER = `{ viewer { userKey registrationSystem { id name } memberships { roles organisation { name } } } }`;
interface ViewerData {
  viewer: {
    userKey: string;
    registrationSystem: { id: string; name: string };
    memberships: Array<{ roles: string[]; organisation: { name: string } }>;
  } | null;
}

async function sessionOf(client: HttpClient) {
  const res = await client.get('/auth/session');
  expect(res.status).toBe(200);
  return res.json<{
    signedIn: boolean;
    name?: string;
    email?: string;
    registrationSystemId?: number;
    tenants?: Array<{ registrationSystemId: number; name: string }>;
  }>();
}

describe('admin portal sign-in (OpenID Connect, rule 11)', () => {
  it('signs an operator in: the session knows her and her tenants, the token her first tenant only', async () => {
    const admin = await signedInOperator('olga');
    expect(await sessionOf(admin)).toEqual({
      signedIn: true,
      name: 'Olga Ostrova',
      email: 'olga.operator@example.org',
      registrationSystemId: 1,
      tenants: [
        {
          registrationSystemId: 1,
          name: 'Demo Club Network',
          organisations: [{ id: expect.any(Number), name: 'Riverside Athletics Club' }],
        },
        {
          registrationSystemId: 2,
          name: 'Demo Club Network (HMAC links)',
          organisations: [{ id: expect.any(Number), name: 'Hillside Cycling Club' }],
        },
      ],
    });
    const { body } = await admin.graphql<ViewerData>(VIEWER);
    expect(body.data?.viewer).toMatchObject({
      userKey: 'olga.operator',
      registrationSystem: { id: '1' },
      memberships: [{ organisation: { name: 'Riverside Athletics Club' }, roles: expect.arrayContaining(['ROLE_ORG_ADMIN']) }],
    });
  });

  it('switches tenant: a new exchange, a new session id, and the token then reaches only Hillside', async () => {
    const admin = await signedInOperator('olga');
    const before = adminSessionId(admin);
    const switched = await admin.post('/auth/tenant', { json: { registrationSystemId: 2 } });
    expect(switched.status).toBe(200);
    expect(switched.json()).toMatchObject({ signedIn: true, registrationSystemId: 2 });
    expect(adminSessionId(admin)).not.toBe(before);
    const { body } = await admin.graphql<ViewerData>(VIEWER);
    expect(body.data?.viewer).toMatchObject({ userKey: 'olga.ostrova', registrationSystem: { id: '2' } });
    expect(body.data?.viewer?.memberships.map((m) => m.organisation.name)).toEqual(['Hillside Cycling Club']);
    // The session id before the switch is worth nothing now.
    const stale = adminBrowser();
    stale.cookies.set(ADMIN_SESSION_COOKIE, before!);
    expect((await sessionOf(stale)).signedIn).toBe(false);
  });

  it('refuses a tenant the operator does not administer, in the contract error shape, and keeps the session as it was', async () => {
    const admin = await signedInOperator('olga');
    const res = await admin.post('/auth/tenant', { json: { registrationSystemId: 999 } });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TENANT_NOT_ALLOWED' });
    expect(await sessionOf(admin)).toMatchObject({ signedIn: true, registrationSystemId: 1 });
    const bad = await admin.post('/auth/tenant', { json: { registrationSystemId: 'two' } });
    expect(bad.status).toBe(400);
  });

  it("a logo read (the club's public reads go without cookies) leaves the operator's session as it is, and a visitor gets no cookie", async () => {
    const admin = await signedInOperator('olga');
    const before = adminSessionId(admin);
    const logo = await admin.get(`/services/admin-service/organisation-logos/1/${'0'.repeat(64)}`);
    expect(logo.status).toBe(404);
    expect(logo.headers['set-cookie']).toBeUndefined();
    expect(adminSessionId(admin)).toBe(before);
    expect(await sessionOf(admin)).toMatchObject({ signedIn: true, registrationSystemId: 1 });
    const visitor = await adminBrowser().get('/auth/session');
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });

  it('a tenant switch without a session is the contract 401', async () => {
    const res = await adminBrowser().post('/auth/tenant', { json: { registrationSystemId: 2 } });
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Not authenticated', message: 'Session not found or expired' });
  });

  it('refuses a member who operates nothing (Anna): back to the portal with signIn=not-operator, no session', async () => {
    const admin = adminBrowser();
    const { callback } = await visitProvider(admin, 'anna');
    const landed = await finishSignIn(admin, callback);
    expect(landed.pathname + landed.search).toBe('/?signIn=not-operator');
    expect((await sessionOf(admin)).signedIn).toBe(false);
  });

  it('a callback is used once: replayed, it finds no sign-in in progress', async () => {
    const admin = adminBrowser();
    const { callback } = await visitProvider(admin, 'olga');
    await finishSignIn(admin, callback);
    const replay = adminBrowser();
    replay.cookies.set(ADMIN_SESSION_COOKIE, adminSessionId(admin)!);
    const landed = await finishSignIn(replay, callback);
    expect(landed.search).toBe('?signIn=expired');
  });

  it('refuses a callback whose state is not the one this session sent (login CSRF)', async () => {
    const victim = adminBrowser();
    await victim.get('/auth/oidc/login');
    const attacker = adminBrowser();
    const { callback } = await visitProvider(attacker, 'olga');
    const landed = await finishSignIn(victim, callback);
    expect(landed.search).toBe('?signIn=failed');
    expect((await sessionOf(victim)).signedIn).toBe(false);
  });

  it('logout ends the router session and points the browser at the provider (RP-initiated logout)', async () => {
    const admin = await signedInOperator('olga');
    const sid = adminSessionId(admin)!;
    const res = await admin.post('/auth/logout');
    expect(res.status).toBe(200);
    const endSession = new URL(res.json<{ endSessionUrl: string }>().endSessionUrl);
    expect(endSession.origin).toBe(new URL(ctx.urls.idp).origin);
    expect(endSession.pathname).toBe('/session/end');
    expect(endSession.searchParams.get('client_id')).toBe('admin-portal');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`http://localhost:${ctx.ports.adminRouter}/`);
    const again = adminBrowser();
    again.cookies.set(ADMIN_SESSION_COOKIE, sid);
    expect((await sessionOf(again)).signedIn).toBe(false);
    expect((await again.graphql<ViewerData>(VIEWER)).body.data?.viewer).toBeNull();
  });
});

describe('each portal only its own sign-in and its own sessions', () => {
  it.each([
    ['GET', '/api/auth/external-login?userKey=anna.berg&userHash=x'],
    ['POST', '/api/auth/external-login'],
    ['POST', '/auth/register-session'],
    ['POST', '/api/auth/register-session'],
    ['POST', '/auth/external-login'],
  ])('the admin router does not offer %s %s (rule 11)', async (method, path) => {
    const res = await adminBrowser().request(method, path, {
      json: method === 'POST' ? { userKey: 'anna.berg', userHash: 'x' } : undefined,
    });
    expect(res.status).toBe(404);
  });

  it.each(['/services/admin-service/auth/register-session', '/services/admin-service/auth/external-login'])(
    'nor reaches them through its proxy: %s',
    async (path) => {
      const res = await adminBrowser().post(path, { json: {} });
      expect([403, 404]).toContain(res.status);
    },
  );

  it.each(['/auth/oidc/login', '/auth/oidc/callback?code=x&state=y', '/auth/session'])(
    'the member router offers no operator sign-in: %s',
    async (path) => {
      const res = await browser().get(path, { headers: { accept: 'application/json' } });
      expect(res.status).toBe(404);
    },
  );

  it("a member's session cookie is useless on the admin router, under either cookie name", async () => {
    const member = await signedInBrowser('anna.berg');
    const sid = member.sessionId()!;
    expect((await member.graphql<ViewerData>(VIEWER)).body.data?.viewer?.userKey).toBe('anna.berg');
    for (const name of [ADMIN_SESSION_COOKIE, 'ems.sid']) {
      const admin = adminBrowser();
      admin.cookies.set(name, sid);
      expect((await sessionOf(admin)).signedIn).toBe(false);
      expect((await admin.graphql<ViewerData>(VIEWER)).body.data?.viewer).toBeNull();
    }
    // ... and the member's session is untouched by having been tried there.
    expect((await member.graphql<ViewerData>(VIEWER)).body.data?.viewer?.userKey).toBe('anna.berg');
  });

  it("an operator's session cookie is useless on the member router, under either cookie name", async () => {
    const admin = await signedInOperator('olga');
    const sid = adminSessionId(admin)!;
    for (const name of ['ems.sid', ADMIN_SESSION_COOKIE]) {
      const member = browser();
      member.cookies.set(name, sid);
      expect((await member.graphql<ViewerData>(VIEWER)).body.data?.viewer).toBeNull();
    }
    expect((await sessionOf(admin)).signedIn).toBe(true);
  });

  // With one session secret for both routers the cookies' signatures pass on either: the session
  // itself says whose it is (router/src/session/portalGuard.ts).
  it("with a shared session secret, a member's session is still refused by an admin router", async () => {
    const admin = await startExtraService('adminRouter', { ...UNLIMITED_RATES.router, SESSION_SECRET: ctx.secrets.sessionSecret });
    try {
      const member = await signedInBrowser('anna.berg');
      const client = new HttpClient(admin.url, `localhost:${admin.port}`);
      client.cookies.set(ADMIN_SESSION_COOKIE, member.sessionId()!);
      expect((await sessionOf(client)).signedIn).toBe(false);
      expect((await client.graphql<ViewerData>(VIEWER)).body.data?.viewer).toBeNull();
      expect((await member.graphql<ViewerData>(VIEWER)).body.data?.viewer?.userKey).toBe('anna.berg');
    } finally {
      await admin.stop();
    }
  });

  it("with a shared session secret, an operator's session is still refused by a member router", async () => {
    const router = await startExtraRouter({ SESSION_SECRET: ctx.secrets.adminSessionSecret });
    try {
      const admin = await signedInOperator('olga');
      const member = router.client();
      member.cookies.set('ems.sid', adminSessionId(admin)!);
      expect((await member.graphql<ViewerData>(VIEWER)).body.data?.viewer).toBeNull();
      expect((await sessionOf(admin)).signedIn).toBe(true);
    } finally {
      await router.stop();
    }
  });
});
