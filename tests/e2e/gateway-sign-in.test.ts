import { createKnex, type Knex } from '@ems/db';
import { browser, signHmacLink, signMd5Link } from '../support/demo';
import { e2eContext } from '../support/stackContext';

/**
 * Contract: "Gateway: authentication" (GET/POST /api/auth/external-login, processing steps 1-4),
 * Authentication rules 1-2, and the sign-in rows of the Errors table. Through the router, over
 * HTTP, against the real processes.
 */
const ctx = e2eContext();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

const md5 = (userKey: string) => signMd5Link(ctx.secrets.customerSecret, userKey);
const viewerQuery = '{ viewer { userKey linkedPersons { person { firstName } } } }';

async function attemptsFor(userKey: string, afterId = 0) {
  return knex('membership.handoff_attempts').where({ userKey }).andWhere('id', '>', afterId).orderBy('id');
}

async function lastAttemptId(): Promise<number> {
  const row = await knex('membership.handoff_attempts').max<{ max: string | null }>('id as max').first();
  return Number(row?.max ?? 0);
}

describe('GET /api/auth/external-login', () => {
  it('establishes a session holding the JWT and redirects to returnUrl; the body carries no token', async () => {
    const client = browser();
    const { u, h } = md5('anna.berg');
    const res = await client.get(
      `/api/auth/external-login?userKey=${u}&userHash=${h}&returnUrl=${encodeURIComponent('/membership/register/1')}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/membership/register/1');
    expect(client.sessionId()).toBeDefined();
    expect(res.text).not.toMatch(/eyJ/);
    expect(JSON.stringify(res.headers)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    const { body } = await client.graphql<{ viewer: { userKey: string; linkedPersons: unknown[] } }>(viewerQuery);
    expect(body.data?.viewer.userKey).toBe('anna.berg');
    expect(body.data?.viewer.linkedPersons).toHaveLength(4);
  });

  it('redirects to / when returnUrl is absent', async () => {
    const { u, h } = md5('ben.meyer');
    const res = await browser().get(`/api/auth/external-login?userKey=${u}&userHash=${h}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it.each(['https://elsewhere.example', '//elsewhere.example/x', '/\\elsewhere.example', 'javascript:alert(1)', 'http:/elsewhere.example'])(
    'never redirects off-site (returnUrl=%s)',
    async (returnUrl) => {
      const { u, h } = md5('ben.meyer');
      const res = await browser().get(`/api/auth/external-login?userKey=${u}&userHash=${h}&returnUrl=${encodeURIComponent(returnUrl)}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/');
    },
  );

  it('answers an invalid hash with 401 and the contract body, and sets no session', async () => {
    const client = browser();
    const res = await client.get('/api/auth/external-login?userKey=anna.berg&userHash=0123456789abcdef0123456789abcdef');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid credentials', message: 'Hash validation failed' });
    expect(client.sessionId()).toBeUndefined();
  });

  it('refuses missing parameters with a 400 naming them', async () => {
    const res = await browser().get('/api/auth/external-login?userKey=anna.berg');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', message: expect.stringContaining('userHash') });
  });
});

describe('POST /api/auth/external-login', () => {
  it('answers 200 with an empty body and keeps the JWT in the server-side session', async () => {
    const client = browser();
    const { u, h } = md5('anna.berg');
    const res = await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const row = await knex('gateway.session')
      .where({ sid: decodeURIComponent(client.sessionId()!).slice(2).split('.')[0] })
      .first();
    expect(row.sess.auth.token).toMatch(/^eyJ/);
    expect(row.sess.auth.userKey).toBe('anna.berg');
  });

  it('answers invalid credentials with 401 and the contract body', async () => {
    const res = await browser().post('/api/auth/external-login', { json: { userKey: 'anna.berg', userHash: md5('ben.meyer').h } });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid credentials', message: 'Hash validation failed' });
  });

  it("reports any other 4xx of the admin service as 401 'Invalid credentials'", async () => {
    const { u, h } = md5('nobody.here');
    const res = await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Invalid credentials' });
  });

  it('gives a new session id at every sign-in; the old one is dead', async () => {
    const client = browser();
    const { u, h } = md5('anna.berg');
    await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    const first = client.sessionId()!;
    await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    const second = client.sessionId()!;
    expect(second).not.toBe(first);
    const stale = browser();
    stale.cookies.set('ems.sid', first);
    const res = await stale.get('/api/forms/membership/1');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Not authenticated', message: 'Session not found or expired' });
  });

  it('resolves the tenant from the host name; an unknown host is a clear 404', async () => {
    const { u, h } = md5('anna.berg');
    const res = await browser('unknown.example').post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found', code: 'UNKNOWN_TENANT', message: expect.stringContaining('unknown.example') });
  });

  it('a user key is looked up within its own tenant only', async () => {
    // dora.lind belongs to tenant 2; signed correctly but presented on tenant 1's host.
    const { u, h } = md5('dora.lind');
    const res = await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    expect(res.status).toBe(401);
  });
});

describe('hash schemes and secret rotation (per tenant)', () => {
  it('md5: accepts every active secret during a rotation, and refuses a revoked one', async () => {
    const newSecret = `rotated-${Date.now()}-secret-value`;
    const [row] = await knex('membership.customer_secrets')
      .insert({ registrationSystemId: 1, label: 'rotation test', secret: newSecret })
      .returning('id');
    try {
      for (const secret of [ctx.secrets.customerSecret, newSecret]) {
        const { u, h } = signMd5Link(secret, 'ben.meyer');
        const res = await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
        expect(res.status).toBe(200);
      }
      await knex('membership.customer_secrets').where({ id: row.id }).update({ revokedAt: new Date() });
      const { u, h } = signMd5Link(newSecret, 'ben.meyer');
      const res = await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
      expect(res.status).toBe(401);
    } finally {
      await knex('membership.customer_secrets').where({ id: row.id }).delete();
    }
  });

  it('hmac-sha256: accepts a fresh link once, refuses its replay, a stale one and an md5 link', async () => {
    const tenant2 = () => browser('hmac.localhost');
    const link = signHmacLink(ctx.secrets.customerSecret, 'dora.lind');
    const body = { userKey: link.u, userHash: link.h, timestamp: link.t, nonce: link.n };
    expect((await tenant2().post('/api/auth/external-login', { json: body })).status).toBe(200);

    const replay = await tenant2().post('/api/auth/external-login', { json: body });
    expect(replay.status).toBe(401);
    expect(replay.json()).toEqual({ error: 'Invalid credentials', message: 'Hash validation failed' });

    const stale = signHmacLink(ctx.secrets.customerSecret, 'dora.lind', new Date(Date.now() - 3600_000));
    const old = await tenant2().post('/api/auth/external-login', {
      json: { userKey: stale.u, userHash: stale.h, timestamp: stale.t, nonce: stale.n },
    });
    expect(old.status).toBe(401);

    const md5Link = md5('dora.lind');
    expect((await tenant2().post('/api/auth/external-login', { json: { userKey: md5Link.u, userHash: md5Link.h } })).status).toBe(401);

    const reasons = (await attemptsFor('dora.lind')).filter((a) => a.registrationSystemId === 2).map((a) => a.reason ?? 'accepted');
    expect(reasons).toEqual(expect.arrayContaining(['accepted', 'replayed', 'expired', 'malformed']));
  });

  it('hmac-sha256: the GET variant carries timestamp and nonce beside userKey and userHash', async () => {
    const link = signHmacLink(ctx.secrets.customerSecret, 'dora.lind');
    const res = await browser('hmac.localhost').get(
      `/api/auth/external-login?userKey=${link.u}&userHash=${link.h}&timestamp=${link.t}&nonce=${link.n}&returnUrl=/welcome`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/welcome');
  });
});

describe('hand-off audit trail', () => {
  it('records every attempt with tenant, user key, scheme, result, reason and client address', async () => {
    const userKey = 'carla.jensen';
    const since = await lastAttemptId();
    const { u, h } = md5(userKey);
    await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: h } });
    await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: 'ab'.repeat(16) } });
    await browser().post('/api/auth/external-login', { json: { userKey: u, userHash: 'not-hex!' } });
    const rows = await attemptsFor(userKey, since);
    expect(rows.map((r) => [r.result, r.reason])).toEqual([
      ['accepted', null],
      ['refused', 'bad_signature'],
      ['refused', 'malformed'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ registrationSystemId: 1, scheme: 'md5', clientAddress: expect.stringMatching(/127\.0\.0\.1/) });
      expect(r.createdAt).toBeInstanceOf(Date);
    }
  });

  it('the admin service tells the gateway why (machine-readable reason); the browser only gets the contract text', async () => {
    const direct = await fetch(`${ctx.urls.membership}/auth/external-login`, {
      method: 'POST',
      headers: { 'x-api-key': ctx.secrets.portalApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ userKey: 'nobody.here', registrationSystemId: 1, userHash: md5('nobody.here').h }),
    });
    expect(direct.status).toBe(404);
    expect(await direct.json()).toMatchObject({ message: 'User not found', reason: 'unknown_user' });

    const tenantless = await fetch(`${ctx.urls.membership}/auth/external-login`, {
      method: 'POST',
      headers: { 'x-api-key': ctx.secrets.portalApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ userKey: 'anna.berg', registrationSystemId: 999, userHash: md5('anna.berg').h }),
    });
    expect(await tenantless.json()).toMatchObject({ reason: 'unknown_tenant' });

    const viaGateway = await browser().post('/api/auth/external-login', {
      json: { userKey: 'nobody.here', userHash: md5('nobody.here').h },
    });
    expect(viaGateway.json()).toEqual({ error: 'Unauthorized', message: 'Invalid credentials' });
  });
});
