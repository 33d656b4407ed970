import { readFileSync } from 'node:fs';
import { createKnex, type Knex } from '@ems/db';
import { verifyPartnerToken } from '@ems/schema';
import { createApiKey, revokeApiKey, rotateApiKey } from '../../subgraphs/membership/src/domain/apiKeys';
import { JWT_PATTERN, rememberSecret } from '../support/client';
import { signedInBrowser } from '../support/demo';
import { startExtraRouter } from '../support/extraRouter';
import { createPartnerKey, demoOrganisations, partnerClient } from '../support/partnerKeys';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 22, access: partner keys through the router. The key is exchanged with the admin service
 * (POST /auth/partner-token, router-to-service) for a partner token the router keeps; revocation,
 * expiry, rotation, refusals, limits and the rate limit, and no key or token in any log line.
 * docs/partner-api.md ("Getting a key", "The call"); decisions: docs/decisions.md, "Partner API".
 */
const ctx = e2eContext();
let knex: Knex;
let orgs: Record<string, number>;
/** Every partner key this file makes: none may appear in a log line. */
const keysMade: string[] = [];
const tokensSeen: string[] = [];

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  orgs = await demoOrganisations(knex);
});
afterAll(() => knex.destroy());

async function newKey(scopes: Parameters<typeof createPartnerKey>[1]['scopes'] = ['events:read']) {
  const made = await createPartnerKey(knex, { organisationIds: [orgs['riverside-ac']!], scopes });
  keysMade.push(made.key);
  return made;
}

async function portalKey(portal: 'registration' | 'admin') {
  const { key } = await createApiKey(knex, { portal, label: 'e2e portal key' });
  rememberSecret(key);
  keysMade.push(key);
  return key;
}

/** Polls until `check` holds or `ms` pass; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

const typename = async (key: string, routerUrl?: string) => (await partnerClient(key, routerUrl).graphql('{ __typename }')).status;

/** The admin service's token endpoint, as a router calls it. */
function partnerToken(headers: Record<string, string>) {
  return fetch(`${ctx.urls.membership}/auth/partner-token`, { method: 'POST', headers }).then(async (res) => {
    const body = (await res.json()) as Record<string, unknown>;
    if (typeof body.token === 'string') {
      rememberSecret(body.token);
      tokensSeen.push(body.token);
    }
    return { status: res.status, body };
  });
}

describe('the admin service: POST /auth/partner-token (router to service)', () => {
  it('gives a partner key a short-lived token of the contract’s token response, with the key’s tenant, organisations and scopes', async () => {
    const { id, key } = await newKey(['members:read', 'events:read']);
    const { status, body } = await partnerToken({ 'x-api-key': ctx.secrets.portalApiKey, authorization: `ApiKey ${key}` });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'expiresIn', 'token']);
    expect(body.expiresIn).toBe(300);
    expect(Date.parse(body.expiresAt as string) - Date.now()).toBeLessThanOrEqual(300_000);
    expect(verifyPartnerToken(body.token as string, ctx.secrets.jwtSecret)).toEqual({
      keyId: id,
      registrationSystemId: 1,
      organisationIds: [orgs['riverside-ac']],
      scopes: ['members:read', 'events:read'],
    });
  });

  it('needs the router’s own key beside the partner key: a partner cannot ask for a token itself', async () => {
    const { key } = await newKey();
    expect((await partnerToken({ authorization: `ApiKey ${key}` })).status).toBe(401);
    expect((await partnerToken({ 'x-api-key': key, authorization: `ApiKey ${key}` })).status).toBe(401);
  });

  it('refuses a portal key in place of the partner key', async () => {
    const res = await partnerToken({ 'x-api-key': ctx.secrets.portalApiKey, authorization: `ApiKey ${ctx.secrets.portalApiKey}` });
    expect(res).toEqual({ status: 401, body: { error: 'Unauthorized', message: 'Invalid API key' } });
  });

  it('a partner key is no portal key: it cannot exchange a user key for a member token, nor sign anyone in', async () => {
    const { key } = await newKey(['members:read', 'members:pii']);
    const exchange = await fetch(`${ctx.urls.membership}/api/auth/exchange`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userKey: 'anna.berg' }),
    });
    expect(exchange.status).toBe(401);
    const session = await fetch(`${ctx.urls.membership}/auth/register-session`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ registrationSystemId: 1 }),
    });
    expect(session.status).toBe(401);
  });

  it('never issues a token that outlives its key', async () => {
    const { id, key } = await newKey();
    await knex('membership.apiKeys')
      .where({ id })
      .update({ expiresAt: new Date(Date.now() + 60_000) });
    await knex.raw('NOTIFY ems_api_keys_changed');
    await within(2000, async () => {
      const { body } = await partnerToken({ 'x-api-key': ctx.secrets.portalApiKey, authorization: `ApiKey ${key}` });
      return typeof body.expiresIn === 'number' && body.expiresIn <= 60;
    });
  });
});

describe('POST /graphql with Authorization: ApiKey', () => {
  it('answers a partner key like any caller, and the exchange happens once for many calls (the router keeps the token)', async () => {
    const { key } = await newKey();
    const exchangesBefore = await countLogLines('/auth/partner-token');
    for (let i = 0; i < 5; i += 1) {
      const res = await partnerClient(key).graphql<{ __typename: string }>('{ __typename }');
      expect(res).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
    }
    expect((await countLogLines('/auth/partner-token')) - exchangesBefore).toBe(1);
  });

  it('introspection works for a partner key and stays off for a browser (production default)', async () => {
    const { key } = await newKey();
    const query = '{ __schema { queryType { name } } }';
    expect(await partnerClient(key).graphql(query)).toEqual({
      status: 200,
      body: { data: { __schema: { queryType: { name: 'Query' } } } },
    });
    const browser = await signedInBrowser();
    const refused = await browser.graphql(query);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toMatch(/introspection is not allowed/);
  });

  it('refuses a key together with a session cookie (400, the error shape)', async () => {
    const { key } = await newKey();
    const browser = await signedInBrowser();
    const res = await browser.post('/graphql', { json: { query: '{ __typename }' }, headers: { authorization: `ApiKey ${key}` } });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: expect.any(String), code: 'AMBIGUOUS_CREDENTIALS' });
  });

  it.each([
    ['the registration portal’s key', async () => ctx.secrets.portalApiKey],
    ['an admin portal key', async () => portalKey('admin')],
    ['an unknown key', async () => `ems_${'x'.repeat(44)}`],
    ['no key after the scheme', async () => ''],
  ])('refuses %s from a caller (contract rule 7): 401 Invalid API key', async (_name, key) => {
    const res = await partnerClient(await key()).post('/graphql');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Invalid API key' });
  });

  it.each(['/api/forms/membership/1', '/services/admin-service/actuator/health', '/api/auth/refresh'])(
    'takes a partner key on /graphql only: %s is 401',
    async (path) => {
      const { key } = await newKey();
      const res = await partnerClient(key).post(path);
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Unauthorized', code: 'API_KEY_NOT_ACCEPTED_HERE' });
    },
  );

  it.each(['/graphql', '/auth/session', '/api/auth/refresh'])(
    'the admin portal’s router serves no partner API: a valid partner key on %s is 401 in the error shape, unexchanged',
    async (path) => {
      const { key } = await newKey();
      const exchangesBefore = await countLogLines('/auth/partner-token');
      const res = await partnerClient(key, ctx.urls.adminRouter).post(path);
      expect(res.status).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message: expect.any(String), code: 'API_KEY_NOT_ACCEPTED_HERE' });
      expect(await countLogLines('/auth/partner-token')).toBe(exchangesBefore);
      // The same key is good where the partner API is served.
      expect(await typename(key)).toBe(200);
    },
  );

  it('the browser’s origin rules do not apply, and CORS does not open', async () => {
    const { key } = await newKey();
    const res = await partnerClient(key).post('/graphql', { origin: 'https://partner.example' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await fetch(`${ctx.urls.router}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an expired key fails', async () => {
    const { id, key } = await newKey();
    await knex('membership.apiKeys').where({ id }).update({ expiresAt: new Date() });
    await knex.raw('NOTIFY ems_api_keys_changed');
    await within(5000, async () => (await typename(key)) === 401);
  });

  it('a key that expires soon stops working when it expires (no token outlives its key)', async () => {
    const { id, key } = await newKey();
    await knex('membership.apiKeys')
      .where({ id })
      .update({ expiresAt: new Date(Date.now() + 3000) });
    await knex.raw('NOTIFY ems_api_keys_changed');
    await within(2000, async () => (await typename(key)) === 200);
    await new Promise((r) => setTimeout(r, 3500));
    expect(await typename(key)).toBe(401);
  });

  it('rotation overlap: old and new keys both work; the old one fails once revoked', async () => {
    const old = await newKey(['members:read']);
    expect(await typename(old.key)).toBe(200);
    const { issued } = await rotateApiKey(knex, old.id, { overlapHours: 1 });
    rememberSecret(issued.key);
    keysMade.push(issued.key);
    expect(issued.apiKey.scopes).toEqual(['members:read']);
    await within(2000, async () => (await typename(issued.key)) === 200);
    expect(await typename(old.key)).toBe(200);
    await revokeApiKey(knex, old.id);
    await within(1000, async () => (await typename(old.key)) === 401);
    expect(await typename(issued.key)).toBe(200);
  });
});

describe('each scope reaches the partner query through the router, and only what it names', () => {
  const QUERY = `{ partner {
    scopes
    membershipPeriods { id }
    members(first: 5) { edges { node { id personalData { lastName } } } }
    events(first: 1) { edges { node { id } } }
    importJobs(first: 1) { edges { node { id } } }
  } }`;
  type View = {
    scopes: string[];
    membershipPeriods: unknown[] | null;
    members: { edges: Array<{ node: { personalData: unknown } }> } | null;
    events: unknown | null;
    importJobs: unknown | null;
  };
  const missing = (errors: Array<{ path?: unknown[]; extensions?: Record<string, unknown> }> | undefined) =>
    (errors ?? [])
      .filter((e) => e.extensions?.code === 'MISSING_SCOPE')
      .map((e) => e.path?.[1])
      .sort();

  it.each([
    [['members:read'], ['events', 'importJobs']],
    [['events:read'], ['importJobs', 'members', 'membershipPeriods']],
    [['imports:read'], ['events', 'members', 'membershipPeriods']],
    [['members:pii'], ['events', 'importJobs', 'members', 'membershipPeriods']],
  ] as const)('%j', async (scopes, refused) => {
    const { key } = await newKey([...scopes]);
    const { status, body } = await partnerClient(key).graphql<{ partner: View }>(QUERY);
    expect(status).toBe(200);
    const view = body.data!.partner;
    expect(view.scopes).toEqual(scopes);
    expect(missing(body.errors as never)).toEqual(refused);
    const reached = { membershipPeriods: view.membershipPeriods, members: view.members, events: view.events, importJobs: view.importJobs };
    for (const [field, value] of Object.entries(reached))
      expect([field, value === null]).toEqual([field, refused.includes(field as never)]);
  });

  it('personal data needs members:pii beside members:read', async () => {
    const without = await newKey(['members:read']);
    const withPii = await newKey(['members:read', 'members:pii']);
    const plain = (await partnerClient(without.key).graphql<{ partner: View }>(QUERY)).body.data!.partner.members!.edges;
    const personal = (await partnerClient(withPii.key).graphql<{ partner: View }>(QUERY)).body.data!.partner.members!.edges;
    expect(plain.length).toBeGreaterThan(0);
    expect(personal).toHaveLength(plain.length);
    expect(plain.every((e) => e.node.personalData === null)).toBe(true);
    expect(personal.every((e) => e.node.personalData !== null)).toBe(true);
  });
});

describe('two routers: revocation at once everywhere, one rate limit per key', () => {
  const LIMIT = 4;
  let routers: Array<Awaited<ReturnType<typeof startExtraRouter>>>;
  beforeAll(async () => {
    const env = { PARTNER_LIMIT_PER_KEY: String(LIMIT), PARTNER_LIMIT_WINDOW_SECONDS: '600' };
    routers = await Promise.all([startExtraRouter(env), startExtraRouter(env)]);
  }, 60_000);
  afterAll(() => Promise.all(routers.map((r) => r.stop())));

  it('a revoked key fails at once on every router, though each holds a token for it', async () => {
    const { id, key } = await newKey();
    for (const r of routers) expect(await typename(key, r.url)).toBe(200);
    await revokeApiKey(knex, id);
    for (const r of routers) {
      // The NOTIFY reaches every router within milliseconds; the token it held would be valid for minutes.
      expect(await within(500, async () => (await typename(key, r.url)) === 401)).toBeLessThan(500);
    }
  });

  it('counts a key’s calls on all routers together and answers 429 with Retry-After', async () => {
    const { key } = await newKey();
    const other = await newKey();
    for (let i = 0; i < LIMIT; i += 1) expect(await typename(key, routers[i % 2]!.url)).toBe(200);
    for (const r of routers) {
      const res = await partnerClient(key, r.url).post('/graphql');
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(res.json()).toEqual({ error: 'Too Many Requests', message: expect.any(String), code: 'RATE_LIMITED' });
    }
    expect(await typename(other.key, routers[0]!.url)).toBe(200);
  });
});

describe('limits apply to partner keys too, each answered with its error', () => {
  const fieldAliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __schema { queryType { name } }`).join(' ')} }`;
  /** Events of 500, each with participants of 500, the page sizes in a variable: 500 × 500 rows. */
  const NESTED_PAGES = `query Nested($n: Int) {
    partner { events(first: $n) { edges { node { participants(first: $n) { edges { node { id } } } } } } }
  }`;
  it.each([
    ['aliases', fieldAliases(21), {}, /^Aliases limit of 20 exceeded/],
    [
      'depth',
      '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } } }',
      {},
      /^Query depth limit of 12 exceeded/,
    ],
    ['cost', NESTED_PAGES, { n: 500 }, /^Query Cost limit of 50000 exceeded, found 1001501\.$/],
    ['tokens', `{ ${'__typename '.repeat(1001)}}`, {}, /^Token limit of 1000 exceeded/],
  ])('%s', async (limit, query, variables, message) => {
    const { key } = await newKey();
    const res = await partnerClient(key).graphql(query, variables);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.filter((e) => e.extensions?.code === 'GRAPHQL_LIMIT_EXCEEDED')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(message), extensions: { code: 'GRAPHQL_LIMIT_EXCEEDED', limit } }),
    ]);
  });

  /** The documented member sync's fields (docs/partner-api/examples/sync-members.mjs), one page. */
  const membersPage = (first: string) => `{
    members(first: ${first}) {
      edges { node {
        id updatedAt
        personalData { firstName lastName email dateOfBirth }
        memberships { id organisationId periodId status membershipNumber membershipTypeCode }
        householdLinks { householdId memberId relationship }
      } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  it('cost counts a page size passed as a variable: first: $first over the limit is refused whole (400, no data)', async () => {
    const { key } = await newKey(['members:read']);
    // 1 + 2,500 × 24 > 50,000: refused whole, before the page rule (at most 500) is asked.
    const res = await partnerClient(key).graphql(`query Members($first: Int) { partner ${membersPage('$first')} }`, { first: 2500 });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        message: 'Query Cost limit of 50000 exceeded, found 60001.',
        extensions: { code: 'GRAPHQL_LIMIT_EXCEEDED', limit: 'cost' },
      }),
    ]);
  });

  it('a page of 500 members, the documented largest page, passes with first as a literal and as a variable', async () => {
    const { key } = await newKey(['members:read']);
    const literal = await partnerClient(key).graphql<{ partner: { members: { edges: unknown[] } } }>(`{ partner ${membersPage('500')} }`);
    expect(literal.status).toBe(200);
    expect(literal.body.errors).toBeUndefined();
    expect(literal.body.data?.partner.members.edges.length).toBeGreaterThan(0);
    const variable = await partnerClient(key).graphql<{ partner: { members: { edges: unknown[] } } }>(
      `query Members($first: Int) { partner ${membersPage('$first')} }`,
      { first: 500 },
    );
    expect(variable.status).toBe(200);
    expect(variable.body.errors).toBeUndefined();
    // The same members (the last page's endCursor is the sync watermark, which moves on).
    expect(variable.body.data?.partner.members.edges).toEqual(literal.body.data?.partner.members.edges);
  });

  it('no batching: an array of operations is refused', async () => {
    const { key } = await newKey();
    const res = await partnerClient(key).post('/graphql', {}, [{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(res.status).toBe(400);
  });
});

/** Lines of the e2e log holding `text`, once the services' buffered log lines are written (a quarter of a second). */
async function countLogLines(text: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 400));
  return readFileSync(ctx.logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes(text)).length;
}

describe('no key or token in any log line', () => {
  it('the log shows the partner calls and holds none of the keys, none of the tokens, and no JWT at all', async () => {
    expect(keysMade.length).toBeGreaterThan(10);
    expect(tokensSeen.length).toBeGreaterThan(0);
    expect(await countLogLines('/auth/partner-token')).toBeGreaterThan(5);
    const log = readFileSync(ctx.logFile, 'utf8');
    for (const secret of [...keysMade, ...tokensSeen]) expect(log.includes(secret)).toBe(false);
    expect(log).not.toMatch(JWT_PATTERN);
  });
});
