import { createHmac } from 'node:crypto';
import { createKnex, generateApiKey, hashApiKey, type Knex } from '@ems/db';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { rememberSecret } from '../support/client';
import { exchangeToken, signMd5Link } from '../support/demo';
import { e2eContext } from '../support/stackContext';

/**
 * Contract: "Admin service: authentication", "JWT claims", "Token response", Authentication
 * rules 4-6 and 9, and the exchange/refresh rows of the Errors table, called directly on the
 * admin service (membership subgraph) and the other subgraphs.
 */
const ctx = e2eContext();
const key = () => new TextEncoder().encode(ctx.secrets.jwtSecret);
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

async function call(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (typeof body.token === 'string') rememberSecret(body.token);
  return { status: res.status, body };
}

const membership = (path: string, init?: Parameters<typeof call>[2]) => call(ctx.urls.membership, path, init);

describe('POST /api/auth/exchange (Authorization: ApiKey)', () => {
  it('returns the token response: token, expiresIn, expiresAt', async () => {
    const before = Date.now();
    const { status, body } = await membership('/api/auth/exchange', {
      headers: { authorization: `ApiKey ${ctx.secrets.portalApiKey}` },
      body: { userKey: 'anna.berg' },
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'expiresIn', 'token']);
    expect(body.expiresIn).toBe(1800);
    const expiresAt = Date.parse(body.expiresAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 1799_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 1801_000);
  });

  it("an invalid key: 401 'Invalid API key'", async () => {
    const { status, body } = await membership('/api/auth/exchange', {
      headers: { authorization: `ApiKey ${generateApiKey()}` },
      body: { userKey: 'anna.berg' },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Unauthorized', message: 'Invalid API key' });
  });

  it('requires the authority SCOPE_api-key: X-API-KEY or a bearer token do not grant it', async () => {
    const viaHeader = await membership('/api/auth/exchange', {
      headers: { 'x-api-key': ctx.secrets.portalApiKey },
      body: { userKey: 'anna.berg' },
    });
    expect(viaHeader.status).toBe(401);
    const { token } = await exchangeToken();
    const viaBearer = await membership('/api/auth/exchange', {
      headers: { authorization: `Bearer ${token}` },
      body: { userKey: 'anna.berg' },
    });
    expect(viaBearer.status).toBe(401);
  });

  it("an unknown user: 404 'User not found'", async () => {
    const { status, body } = await membership('/api/auth/exchange', {
      headers: { authorization: `ApiKey ${ctx.secrets.portalApiKey}` },
      body: { userKey: 'nobody.here' },
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found', message: 'User not found' });
  });

  it('bad input: a clear 400 in the error shape', async () => {
    const { status, body } = await membership('/api/auth/exchange', {
      headers: { authorization: `ApiKey ${ctx.secrets.portalApiKey}` },
      body: { userKey: 42 },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'Bad Request', code: 'INVALID_INPUT', message: expect.stringContaining('userKey') });
    const malformed = await fetch(`${ctx.urls.membership}/api/auth/exchange`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${ctx.secrets.portalApiKey}`, 'content-type': 'application/json' },
      body: '{"userKey":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'Bad Request', code: 'MALFORMED_JSON' });
  });
});

describe('tokens issued by the admin service', () => {
  it('verify with an independent library (jose): HS512, iss, aud and every claim of the contract', async () => {
    const { token } = await exchangeToken('anna.berg');
    const { payload, protectedHeader } = await jwtVerify(token, key(), {
      algorithms: ['HS512'],
      issuer: 'event-admin-service',
      audience: 'registration-portal',
    });
    expect(protectedHeader.alg).toBe('HS512');
    expect(payload).toMatchObject({
      sub: expect.any(String),
      userKey: 'anna.berg',
      scope: 'public',
      authorities: ['ROLE_USER'],
      accountId: expect.any(Number),
      personId: expect.any(Number),
      orgId: expect.any(Number),
    });
    expect(payload.exp! - payload.iat!).toBe(1800);
  });

  it('POST /auth/external-login (X-API-KEY) returns { token } only', async () => {
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'ben.meyer');
    const { status, body } = await membership('/auth/external-login', {
      headers: { 'x-api-key': ctx.secrets.portalApiKey },
      body: { userKey: u, registrationSystemId: 1, userHash: h },
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['token']);
    const { payload } = await jwtVerify(body.token as string, key(), { algorithms: ['HS512'] });
    expect(payload.userKey).toBe('ben.meyer');
  });

  it('/auth/** needs a valid X-API-KEY', async () => {
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'ben.meyer');
    const attempts: Record<string, string>[] = [
      {},
      { 'x-api-key': 'short' },
      { 'x-api-key': generateApiKey() },
      { authorization: `ApiKey ${ctx.secrets.portalApiKey}` },
    ];
    for (const headers of attempts) {
      const { status, body } = await membership('/auth/external-login', {
        headers,
        body: { userKey: u, registrationSystemId: 1, userHash: h },
      });
      expect(status).toBe(401);
      expect(body).toEqual({ error: 'Unauthorized', message: 'Invalid API key' });
    }
  });
});

describe('POST /api/auth/refresh (Bearer)', () => {
  it('returns a new token response for the userKey claim', async () => {
    const { token } = await exchangeToken('carla.jensen');
    const { status, body } = await membership('/api/auth/refresh', { headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token: expect.any(String), expiresIn: 1800, expiresAt: expect.any(String) });
    const { payload } = await jwtVerify(body.token as string, key(), { algorithms: ['HS512'] });
    expect(payload.userKey).toBe('carla.jensen');
  });

  it("an unknown user key claim: 404 'User not found'", async () => {
    const forged = await new SignJWT({
      userKey: 'ghost',
      accountId: 999999,
      registrationSystemId: 1,
      authorities: ['ROLE_USER'],
      scope: 'public',
      personId: null,
      orgId: null,
    })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('999999')
      .setIssuer('event-admin-service')
      .setAudience('registration-portal')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key());
    const { status, body } = await membership('/api/auth/refresh', { headers: { authorization: `Bearer ${forged}` } });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found', message: 'User not found' });
  });
});

describe('access rules', () => {
  it('GET /actuator/health is public and reports the database', async () => {
    const res = await fetch(`${ctx.urls.membership}/actuator/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'UP', service: 'membership', components: { db: { status: 'UP' } } });
  });

  it('every other /api/** path needs a valid bearer token', async () => {
    for (const [base, path] of [
      [ctx.urls.membership, '/api/anything'],
      [ctx.urls.forms, '/api/forms/membership/1'],
      [ctx.urls.imports, '/api/imports/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const res = await call(base, path, { method: 'GET', headers: { 'x-api-key': ctx.secrets.portalApiKey } });
      expect(res.status).toBe(401);
    }
  });

  it('subgraph /graphql refuses calls without a valid X-API-KEY', async () => {
    for (const base of [ctx.urls.membership, ctx.urls.forms, ctx.urls.imports]) {
      const attempts: Record<string, string>[] = [{}, { 'x-api-key': generateApiKey() }];
      for (const headers of attempts) {
        const res = await call(base, '/graphql', { headers, body: { query: '{ __typename }' } });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Unauthorized', message: 'Invalid API key' });
      }
      const ok = await call(base, '/graphql', { headers: { 'x-api-key': ctx.secrets.portalApiKey }, body: { query: '{ __typename }' } });
      expect(ok.status).toBe(200);
    }
  });
});

describe('forged or defective tokens are refused everywhere', () => {
  const claims = {
    userKey: 'anna.berg',
    accountId: 1,
    registrationSystemId: 1,
    authorities: ['ROLE_USER'],
    scope: 'public',
    personId: 1,
    orgId: 1,
  };
  const signed = (alg: 'HS512' | 'HS256', secret: Uint8Array, opts: { iss?: string; aud?: string; exp?: number | string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg })
      .setSubject('1')
      .setIssuer(opts.iss ?? 'event-admin-service')
      .setAudience(opts.aud ?? 'registration-portal')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(opts.exp ?? '2h')
      .sign(secret);

  const forgeries: Array<[string, () => Promise<string>]> = [
    [
      'alg none',
      async () =>
        new UnsecuredJWT(claims)
          .setSubject('1')
          .setIssuer('event-admin-service')
          .setAudience('registration-portal')
          .setIssuedAt()
          .setExpirationTime('10m')
          .encode(),
    ],
    ['HS256 with the right secret', () => signed('HS256', key())],
    ['HS512 with a wrong key', () => signed('HS512', new TextEncoder().encode('x'.repeat(64)))],
    ['wrong iss', () => signed('HS512', key(), { iss: 'someone-else' })],
    ['wrong aud', () => signed('HS512', key(), { aud: 'another-portal' })],
    ['expired exp', () => signed('HS512', key(), { exp: Math.floor(Date.now() / 1000) - 60 })],
    [
      'HS512 header with an HMAC-SHA256 signature',
      async () => {
        const [h, p] = (await signed('HS512', key())).split('.');
        return `${h}.${p}.${createHmac('sha256', ctx.secrets.jwtSecret).update(`${h}.${p}`).digest('base64url')}`;
      },
    ],
  ];

  it.each(forgeries)('%s', async (_name, forge) => {
    const token = await forge();
    const bearer = { authorization: `Bearer ${token}`, 'x-api-key': ctx.secrets.portalApiKey };
    expect((await membership('/api/auth/refresh', { headers: bearer })).status).toBe(401);
    expect((await call(ctx.urls.forms, '/api/forms/membership/1', { method: 'GET', headers: bearer })).status).toBe(401);
    expect((await call(ctx.urls.imports, '/api/imports/x', { method: 'GET', headers: bearer })).status).toBe(401);
    for (const base of [ctx.urls.membership, ctx.urls.forms, ctx.urls.imports]) {
      const res = await call(base, '/graphql', { headers: bearer, body: { query: '{ __typename }' } });
      expect(res.status).toBe(401);
    }
  });

  it('an expired token says so', async () => {
    const token = await signed('HS512', key(), { exp: Math.floor(Date.now() / 1000) - 60 });
    const { body } = await membership('/api/auth/refresh', { headers: { authorization: `Bearer ${token}` } });
    expect(body).toEqual({ error: 'Token expired', message: 'Please re-authenticate' });
  });
});

describe('API key rotation (rule 9)', () => {
  it('old and new keys both work during the overlap; the old one fails once removed', async () => {
    const newKey = generateApiKey();
    await knex('membership.api_keys').insert({
      prefix: newKey.slice(0, 10),
      keyHash: hashApiKey(newKey),
      portal: 'registration',
      label: 'rotation test',
    });
    await knex.raw('NOTIFY ems_api_keys_changed');
    const tryKey = (k: string) =>
      membership('/api/auth/exchange', { headers: { authorization: `ApiKey ${k}` }, body: { userKey: 'anna.berg' } });
    await waitFor(async () => (await tryKey(newKey)).status === 200);
    expect((await tryKey(ctx.secrets.portalApiKey)).status).toBe(200);

    await knex('membership.api_keys')
      .where({ keyHash: hashApiKey(newKey) })
      .update({ revokedAt: new Date() });
    await knex.raw('NOTIFY ems_api_keys_changed');
    await waitFor(async () => (await tryKey(newKey)).status === 401);
    expect((await tryKey(newKey)).body).toEqual({ error: 'Unauthorized', message: 'Invalid API key' });
    expect((await tryKey(ctx.secrets.portalApiKey)).status).toBe(200);
  });

  it('keys are stored only as hashes', async () => {
    const rows = await knex('membership.api_keys').select('*');
    expect(JSON.stringify(rows)).not.toContain(ctx.secrets.portalApiKey);
    expect(rows.map((r) => r.keyHash)).toContain(hashApiKey(ctx.secrets.portalApiKey));
  });
});

describe('other exchanges of the contract', () => {
  it('POST /auth/token-exchange/oauth2: validated OIDC claims for a token', async () => {
    const { status, body } = await membership('/auth/token-exchange/oauth2', {
      headers: { 'x-api-key': ctx.secrets.portalApiKey },
      body: { registrationSystemId: 1, claims: { sub: 'oidc-unknown', email: 'ben.meyer@example.org', email_verified: true } },
    });
    expect(status).toBe(200);
    const { payload } = await jwtVerify(body.token as string, key(), { algorithms: ['HS512'] });
    expect(payload.userKey).toBe('ben.meyer');
    const unverified = await membership('/auth/token-exchange/oauth2', {
      headers: { 'x-api-key': ctx.secrets.portalApiKey },
      body: { registrationSystemId: 1, claims: { sub: 'oidc-unknown', email: 'ben.meyer@example.org', email_verified: false } },
    });
    expect(unverified.status).toBe(404);
  });

  it('POST /auth/register-session: refused for a tenant without member OpenID Connect (rule 12), and for the admin portal (rule 11)', async () => {
    const refused = await membership('/auth/register-session', {
      headers: { 'x-api-key': ctx.secrets.portalApiKey },
      body: { registrationSystemId: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MEMBER_SIGN_IN_NOT_OFFERED');
    expect(JSON.stringify(refused.body)).not.toMatch(/eyJ/);
    const admin = await membership('/auth/register-session', {
      headers: { 'x-api-key': ctx.secrets.adminPortalApiKey },
      body: { registrationSystemId: 2 },
    });
    expect(admin.status).toBe(403);
    expect(admin.body.code).toBe('PORTAL_NOT_ALLOWED');
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}
