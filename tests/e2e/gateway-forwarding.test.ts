import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKnex, type Knex } from '@ems/db';
import { browser, signMd5Link } from '../support/demo';
import { startExtraRouter } from '../support/extraRouter';
import { e2eContext } from '../support/stackContext';

/**
 * Contract: "/services/admin-service/**: the prefix is removed, X-API-KEY is added, and the
 * request is forwarded", "for every request under /api/ or /services/ whose session holds a JWT,
 * the gateway adds Authorization: Bearer", rules 2 and 7. An extra router sends the forms
 * subgraph's traffic to a recording server, so the test sees exactly what a subgraph receives.
 */
const ctx = e2eContext();
let knex: Knex;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let recorder: http.Server;
let router: Awaited<ReturnType<typeof startExtraRouter>>;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  recorder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', 'planted=1; Path=/');
      if (req.url === '/graphql') res.end(JSON.stringify({ data: { formsHealth: { status: 'UP' } } }));
      else res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  router = await startExtraRouter({}, { forms: (recorder.address() as AddressInfo).port });
});
afterAll(async () => {
  await router.stop();
  await new Promise((r) => recorder.close(r));
  await knex.destroy();
});

async function signedIn() {
  const client = router.client();
  const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'anna.berg');
  expect((await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } })).status).toBe(200);
  const sid = decodeURIComponent(client.sessionId()!).slice(2).split('.')[0];
  const row = await knex('gateway.session').where({ sid }).first();
  return { client, token: row.sess.auth.token as string };
}

const browserCredentials = { authorization: 'Bearer browser-made-this-up', 'x-api-key': 'browser-key-0123456789-0123456789-0123' };

function last(): Seen {
  const s = seen.at(-1);
  if (!s) throw new Error('nothing reached the upstream');
  return s;
}

describe('/services/admin-service/**', () => {
  it('removes the prefix, adds X-API-KEY and the session bearer token, and passes on no browser credential', async () => {
    const { client, token } = await signedIn();
    const res = await client.get('/services/admin-service/api/forms/membership/7?userKey=anna.berg', { headers: browserCredentials });
    expect(res.status).toBe(200);
    const upstream = last();
    expect(upstream.url).toBe('/api/forms/membership/7?userKey=anna.berg');
    expect(upstream.headers['x-api-key']).toBe(ctx.secrets.portalApiKey);
    expect(upstream.headers.authorization).toBe(`Bearer ${token}`);
    expect(upstream.headers.cookie).toBeUndefined();
  });

  it('forwards public paths without a session, still with the key but without a bearer token', async () => {
    const res = await router.client().get('/services/admin-service/actuator/health', { headers: browserCredentials });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'UP', service: 'membership' });
  });

  it('never exposes the token-issuing endpoints through the proxy', async () => {
    const { client } = await signedIn();
    for (const path of [
      '/services/admin-service/auth/external-login',
      '/services/admin-service/api/auth/exchange',
      '/services/admin-service/api/auth/refresh',
      '/services/admin-service//auth/register-session',
      '/services/admin-service/AUTH/token-exchange/oauth2',
    ]) {
      const res = await client.post(path, { json: {} });
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/eyJ/);
    }
  });

  it('does not let a subgraph set cookies on the portal origin', async () => {
    const { client } = await signedIn();
    const res = await client.get('/services/admin-service/api/forms/x');
    expect((res.headers['set-cookie'] ?? []).join(';')).not.toContain('planted');
  });
});

describe('/api/** (gateway paths)', () => {
  it('forwards with the path intact, the key and the bearer token; browser credentials are dropped', async () => {
    const { client, token } = await signedIn();
    const res = await client.post('/api/forms/next', { json: { processId: 'p', step: 1, people: [] }, headers: browserCredentials });
    expect(res.status).toBe(200);
    const upstream = last();
    expect(upstream).toMatchObject({ method: 'POST', url: '/api/forms/next' });
    expect(upstream.headers['x-api-key']).toBe(ctx.secrets.portalApiKey);
    expect(upstream.headers.authorization).toBe(`Bearer ${token}`);
    expect(upstream.headers.cookie).toBeUndefined();
    expect(upstream.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });
});

describe('/graphql (federated)', () => {
  it('adds the key and the session token to subgraph calls; browser headers never reach a subgraph', async () => {
    const { client, token } = await signedIn();
    // Both askings go through the gateway's planner: the subgraph gets the planned operation.
    const query = '{ formsHealth { status } }';
    const upstreamQueries: string[] = [];
    for (let asked = 0; asked < 2; asked++) {
      const { status, body } = await client.graphql<{ formsHealth: { status: string } }>(query, undefined, browserCredentials);
      expect(status).toBe(200);
      expect(body.data?.formsHealth.status).toBe('UP');
      const upstream = last();
      expect(upstream.url).toBe('/graphql');
      expect(upstream.headers['x-api-key']).toBe(ctx.secrets.portalApiKey);
      expect(upstream.headers.authorization).toBe(`Bearer ${token}`);
      expect(upstream.headers.cookie).toBeUndefined();
      upstreamQueries.push((JSON.parse(upstream.body) as { query: string }).query);
    }
    expect(upstreamQueries[0]).not.toBe(query);
    expect(upstreamQueries[1]).toBe(upstreamQueries[0]);
  });

  it('an anonymous caller gets the key but no bearer token upstream', async () => {
    await router.client().graphql('{ formsHealth { status } }', undefined, browserCredentials);
    const upstream = last();
    expect(upstream.headers['x-api-key']).toBe(ctx.secrets.portalApiKey);
    expect(upstream.headers.authorization).toBeUndefined();
  });
});

describe('the JWT never reaches the browser', () => {
  it('no sign-in, refresh, logout, GraphQL or proxy response carries it', async () => {
    const client = browser();
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'anna.berg');
    const responses = [
      await client.get(`/api/auth/external-login?userKey=${u}&userHash=${h}`),
      await client.post('/api/auth/external-login', { json: { userKey: u, userHash: h } }),
      await client.post('/api/auth/refresh'),
      await client.graphql('{ viewer { userKey } }').then((r) => ({ text: JSON.stringify(r.body), headers: {} })),
      await client.get('/services/admin-service/actuator/health'),
      await client.post('/api/auth/logout'),
    ];
    for (const r of responses) {
      expect(r.text).not.toMatch(/eyJ[\w-]+\.eyJ/);
      expect(JSON.stringify(r.headers)).not.toMatch(/eyJ[\w-]+\.eyJ/);
    }
  });

  it('a browser-sent X-API-KEY is not accepted on the gateway endpoints', async () => {
    // With the portal's own key in hand, a browser still gets no more than an anonymous visitor.
    const res = await browser().post('/api/auth/refresh', { headers: { 'x-api-key': ctx.secrets.portalApiKey } });
    expect(res.status).toBe(401);
    const forms = await browser().get('/api/forms/membership/1', { headers: { 'x-api-key': ctx.secrets.portalApiKey } });
    expect(forms.status).toBe(401);
  });
});
