import { readFileSync } from 'node:fs';
import { createKnex, type Knex } from '@ems/db';
import type { HttpClient } from '../support/client';
import { browser, signMd5Link, signedInBrowser } from '../support/demo';
import { startExtraRouter } from '../support/extraRouter';
import { e2eContext } from '../support/stackContext';

/**
 * Contract: refresh and logout, Authentication rules 2-3 (JWT only in the server-side session,
 * 30-minute idle time-out), the session rows of the Errors table, and the session rules
 * (regeneration, rolling idle expiry, cookie flags, throttled writes, CSRF, single flight, shared
 * sessions between routers).
 */
const ctx = e2eContext();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

const NOT_AUTHENTICATED = { error: 'Not authenticated', message: 'Session not found or expired' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sid(client: HttpClient): string {
  // Cookie value is `s:<sid>.<signature>`, URL-encoded.
  return decodeURIComponent(client.sessionId()!).slice(2).split('.')[0]!;
}

async function sessionRow(client: HttpClient) {
  return knex('gateway.session')
    .where({ sid: sid(client) })
    .first();
}

async function signIn(client: HttpClient, userKey = 'anna.berg') {
  const { u, h } = signMd5Link(ctx.secrets.customerSecret, userKey);
  const res = await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
  expect(res.status).toBe(200);
}

describe('POST /api/auth/refresh', () => {
  it('replaces the session token and answers 200 with an empty body', async () => {
    const client = await signedInBrowser();
    const before = (await sessionRow(client)).sess.auth.token;
    await sleep(1100); // a new iat makes a different token
    const res = await client.post('/api/auth/refresh');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const after = (await sessionRow(client)).sess.auth;
    expect(after.token).not.toBe(before);
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 1700_000);
  });

  it("without a token in the session: 401 'No active session'", async () => {
    const res = await browser().post('/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'No active session' });
  });

  it('concurrent refreshes of one session reach the admin service once (single flight)', async () => {
    const client = await signedInBrowser('carla.jensen');
    const countRefreshes = () =>
      readFileSync(ctx.logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('membership\t') && l.includes('"/api/auth/refresh"')).length;
    // Services write their log in batches (at least every 250 ms): let earlier tests' lines land.
    await sleep(600);
    const before = countRefreshes();
    const results = await Promise.all(Array.from({ length: 6 }, () => client.post('/api/auth/refresh')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Wait for the first line, then long enough for any second one to show.
    const deadline = Date.now() + 3000;
    while (countRefreshes() === before && Date.now() < deadline) await sleep(50);
    await sleep(600);
    expect(countRefreshes() - before).toBe(1);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 200 with an empty body and invalidates the session', async () => {
    const client = await signedInBrowser();
    const id = sid(client);
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(await knex('gateway.session').where({ sid: id }).first()).toBeUndefined();
    const after = await client.get('/api/forms/membership/1');
    expect(after.status).toBe(401);
    expect(after.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('is harmless without a session', async () => {
    expect((await browser().post('/api/auth/logout')).status).toBe(200);
  });
});

describe('requests that need the session JWT', () => {
  it("no session: 401 'Not authenticated' on /api/** and /services/** paths that need a user", async () => {
    for (const path of ['/api/forms/membership/1', '/services/admin-service/api/forms/membership/1']) {
      const res = await browser().get(path);
      expect(res.status).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHENTICATED);
    }
  });

  it("an expired JWT in the session: 401 'Token expired'", async () => {
    const client = await signedInBrowser();
    const row = await sessionRow(client);
    await knex('gateway.session')
      .where({ sid: sid(client) })
      .update({ sess: JSON.stringify({ ...row.sess, auth: { ...row.sess.auth, expiresAt: Date.now() - 1000 } }) });
    for (const send of [
      () => client.get('/api/forms/membership/1'),
      () => client.graphql('{ viewer { userKey } }'),
      () => client.post('/api/auth/refresh'),
    ]) {
      const res = await send();
      expect(res.status).toBe(401);
      expect('json' in res ? res.json() : res.body).toEqual({ error: 'Token expired', message: 'Please re-authenticate' });
    }
  });

  it('a token close to expiry is refreshed on the way (the request still succeeds)', async () => {
    const client = await signedInBrowser('ben.meyer');
    const row = await sessionRow(client);
    const soon = Date.now() + 60_000; // inside the default 300 s refresh-ahead window
    await knex('gateway.session')
      .where({ sid: sid(client) })
      .update({ sess: JSON.stringify({ ...row.sess, auth: { ...row.sess.auth, expiresAt: soon } }) });
    const { body } = await client.graphql<{ viewer: { userKey: string } }>('{ viewer { userKey } }');
    expect(body.data?.viewer.userKey).toBe('ben.meyer');
    expect((await sessionRow(client)).sess.auth.expiresAt).toBeGreaterThan(Date.now() + 1700_000);
  });
});

describe('session cookie and storage', () => {
  it('is HttpOnly, SameSite=Lax, not Secure over plain HTTP, and lasts the idle window', async () => {
    const client = browser();
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'anna.berg');
    const res = await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ems.sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(1790_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(1800_000);
  });

  it('nothing is stored for visitors who have not signed in', async () => {
    const before = await knex('gateway.session').count<{ count: string }[]>('* as count');
    const client = browser();
    await client.graphql('{ membershipHealth { status } }');
    await client.get('/api/auth/external-login?userKey=x&userHash=00');
    expect(client.sessionId()).toBeUndefined();
    const after = await knex('gateway.session').count<{ count: string }[]>('* as count');
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('the session row is not rewritten on every request (touch at most once per interval)', async () => {
    const client = await signedInBrowser();
    const first = (await sessionRow(client)).expire.getTime();
    await sleep(1100);
    for (let i = 0; i < 10; i++) await client.graphql('{ viewer { userKey } }');
    expect((await sessionRow(client)).expire.getTime()).toBe(first);
  });
});

describe('idle time-out and other router settings (an extra router process)', () => {
  let short: Awaited<ReturnType<typeof startExtraRouter>>;
  beforeAll(async () => {
    short = await startExtraRouter({ SESSION_IDLE_SECONDS: '3', SESSION_TOUCH_INTERVAL_SECONDS: '0', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => short.stop());

  it('expires at the idle boundary, and activity keeps it alive (rolling)', async () => {
    const client = short.client();
    await signIn(client);
    await sleep(2000);
    expect((await client.graphql<{ viewer: unknown }>('{ viewer { userKey } }')).body.data?.viewer).not.toBeNull();
    await sleep(2000); // 4 s after sign-in, 2 s after the last request: still alive
    expect((await client.get('/services/admin-service/api/forms/membership/1')).status).not.toBe(401);
    // The store keeps expiry in whole seconds (rounded up), so the boundary is exact to 1 s.
    await sleep(4500);
    const res = await client.get('/api/forms/membership/1');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHENTICATED);
  }, 20_000);

  it('sets the Secure flag when the request came over TLS through a trusted proxy', async () => {
    const client = short.client();
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'anna.berg');
    const res = await client.post('/api/auth/external-login', {
      json: { userKey: u, userHash: h },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect((res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ems.sid='))).toMatch(/; Secure/);
  });

  it('several routers share sessions through PostgreSQL; a logout on one applies on the other at once', async () => {
    const client = await signedInBrowser('carla.jensen');
    const other = short.client();
    other.cookies.set('ems.sid', client.sessionId()!);
    for (let i = 0; i < 3; i++) {
      // Repeated reads: the other router now holds the session in its cache.
      const { body } = await other.graphql<{ viewer: { userKey: string } }>('{ viewer { userKey } }');
      expect(body.data?.viewer.userKey).toBe('carla.jensen');
    }
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    await sleep(50);
    const after = await other.get('/api/forms/membership/1');
    expect(after.status).toBe(401);
    expect(after.json()).toEqual(NOT_AUTHENTICATED);
  });
});

describe('cross-site request protection', () => {
  it('refuses a cookie-authenticated write from another origin', async () => {
    const client = await signedInBrowser();
    for (const path of ['/api/auth/logout', '/api/auth/refresh', '/graphql']) {
      const res = await client.post(path, { json: { query: '{ viewer { userKey } }' }, headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Forbidden', message: 'Cross-site request refused' });
    }
    const fetchMetadata = await client.post('/api/auth/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchMetadata.status).toBe(403);
    // Still signed in: none of the refused requests took effect.
    expect((await client.graphql<{ viewer: unknown }>('{ viewer { userKey } }')).body.data?.viewer).not.toBeNull();
  });

  it('accepts the same origin', async () => {
    const client = await signedInBrowser();
    const res = await client.post('/api/auth/refresh', { headers: { origin: `http://localhost:${ctx.ports.router}` } });
    expect(res.status).toBe(200);
  });

  it("Apollo's CSRF prevention refuses a simple (preflight-free) GraphQL GET", async () => {
    const res = await browser().get(`/graphql?query=${encodeURIComponent('{ membershipHealth { status } }')}`);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/CSRF/i);
  });
});

describe('ending every session of one user (npm run sessions -- end)', () => {
  it('signs the user out on every session at once, and leaves other users alone', async () => {
    const { execFile } = await import('node:child_process');
    const first = await signedInBrowser('ben.meyer');
    const second = await signedInBrowser('ben.meyer');
    const other = await signedInBrowser('carla.jensen');
    for (const client of [first, second]) await client.graphql('{ viewer { userKey } }');
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'router/src/cli/sessions.ts', 'end', '--user', 'ben.meyer', '--tenant', '1'],
        {
          cwd: `${__dirname}/../..`,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: ctx.databaseUrl,
            MEMBERSHIP_URL: ctx.urls.membership,
            ADMIN_SERVICE_API_KEY: ctx.secrets.portalApiKey,
          },
        },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    // At least the two above; other suites on the shared stack may have signed ben in too.
    const ended = Number(/Ended (\d+) sessions? of user "ben\.meyer"/.exec(output)?.[1]);
    expect(ended).toBeGreaterThanOrEqual(2);
    for (const client of [first, second]) {
      const res = await client.get('/api/forms/membership/1');
      expect(res.status).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHENTICATED);
    }
    expect((await other.graphql<{ viewer: unknown }>('{ viewer { userKey } }')).body.data?.viewer).not.toBeNull();
  }, 20_000);

  it('a request in flight cannot bring an ended session back', async () => {
    const client = await signedInBrowser('ben.meyer');
    const row = await sessionRow(client);
    // Force a session write on the next request: the token is near expiry, so it is refreshed.
    await knex('gateway.session')
      .where({ sid: sid(client) })
      .update({ sess: JSON.stringify({ ...row.sess, auth: { ...row.sess.auth, expiresAt: Date.now() + 30_000 } }) });
    const inFlight = client.graphql('{ viewer { userKey } }');
    await knex('gateway.session')
      .where({ sid: sid(client) })
      .delete();
    await inFlight;
    await sleep(200);
    expect(
      await knex('gateway.session')
        .where({ sid: sid(client) })
        .first(),
    ).toBeUndefined();
  });
});
