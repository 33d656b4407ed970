import { randomUUID } from 'node:crypto';
import { print } from 'graphql';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { loadEnv as routerEnv } from '@ems/router/src/env';
import { retryQueryMinutes, signInResult } from '../../portal-web/src/lib/signInResult';
import { texts } from '../../portal-web/src/lib/texts';
import { MembershipFormDocument, PaymentReturnDocument } from '../../portal-web/src/graphql/generated/graphql';
import { HttpClient, type HttpResponse } from '../support/client';
import { browser, signedInBrowser, signMd5Link } from '../support/demo';
import { startExtraRouter, startExtraService } from '../support/extraRouter';
import { configureMemberOidc, MEMBER_OIDC_HOST } from '../support/memberSignIn';
import { createRiversideMember } from '../support/members';
import { UNLIMITED_RATES } from '../support/rateLimits';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 17, defects 3 and 7: GraphQL limits at the router (depth, aliases, cost, tokens,
 * directives, no batching) and sign-in rate limits shared by all routers, answered with 429 and
 * Retry-After. The limits themselves: runtime/src/graphqlLimits.ts and the routers' env.
 */
const ctx = e2eContext();

/** What a browser sends when it follows a link (Firefox's Accept); older browsers send no Sec-Fetch-Mode. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };

/** A redirect's target on the portal that answered `res`. */
function redirectedTo(res: HttpResponse): URL {
  expect(res.status).toBe(302);
  return new URL(res.headers.location ?? '', 'http://portal.invalid');
}

interface GqlBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { code?: string; limit?: string } }>;
}

async function graphql(body: unknown, client: HttpClient = browser()) {
  const res = await client.post('/graphql', { json: body });
  return { status: res.status, body: JSON.parse(res.text) as GqlBody };
}

function limitErrors(body: GqlBody) {
  return (body.errors ?? []).filter((e) => e.extensions?.code === 'GRAPHQL_LIMIT_EXCEEDED');
}

const aliases = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: paymentReturn(reference: "ORD-1") { paymentStatus }`).join(' ')} }`;
/** Pages in pages, the page sizes in variables (the cost counts them: 500 events × 500 participants). */
const NESTED_PAGES = `query Nested($events: Int, $participants: Int) {
  partner { events(first: $events) { edges { node { participants(first: $participants) { edges { node { id } } } } } } }
}`;
const FANOUT = (name: string, next: string) => `fragment ${name} on Query { ${`...${next} `.repeat(10)}}`;

const OVER_THE_LIMITS: Array<[string, string, Record<string, unknown>, RegExp]> = [
  ['aliases', aliases(21), {}, /^Aliases limit of 20 exceeded, found 21\.$/],
  [
    'depth',
    '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } } }',
    {},
    /^Query depth limit of 12 exceeded, found 14\.$/,
  ],
  ['cost', NESTED_PAGES, { events: 500, participants: 500 }, /^Query Cost limit of 50000 exceeded, found 1001501\.$/],
  [
    'cost',
    // Fragments spread ten times over, four levels: 10,000 times one field, past what the cost walk visits.
    `{ ...A } ${FANOUT('A', 'B')} ${FANOUT('B', 'C')} ${FANOUT('C', 'D')} ${FANOUT('D', 'E')} fragment E on Query { __typename }`,
    {},
    /^Query Cost limit of 50000 exceeded, found more than 10000 fields\.$/,
  ],
  ['tokens', `{ ${'__typename '.repeat(1001)}}`, {}, /^Token limit of 1000 exceeded\.$/],
  ['directives', `{ __typename ${'@skip(if: false) '.repeat(21)}}`, {}, /^Directives limit of 20 exceeded, found 21\.$/],
];

describe('GraphQL limits at the router (defect 3)', () => {
  it.each(OVER_THE_LIMITS)(
    'refuses a query over the %s limit with an error naming it, every time it is sent',
    async (limit, query, variables, message) => {
      for (let i = 0; i < 2; i += 1) {
        const { status, body } = await graphql({ query, variables });
        expect(status).toBe(400);
        expect(body.data).toBeUndefined();
        expect(limitErrors(body)).toEqual([
          expect.objectContaining({ message: expect.stringMatching(message), extensions: { code: 'GRAPHQL_LIMIT_EXCEEDED', limit } }),
        ]);
      }
    },
  );

  it('cost counts page sizes in variables as written ones: nested pages of 100 pass, of 500 × 100 are refused', async () => {
    const small = await graphql({ query: NESTED_PAGES, variables: { events: 100, participants: 100 } });
    expect(limitErrors(small.body)).toEqual([]);
    expect(small.status).toBe(200);
    const large = await graphql({ query: NESTED_PAGES, variables: { events: 500 } });
    expect(large.status).toBe(400);
    expect(limitErrors(large.body)).toEqual([
      { message: 'Query Cost limit of 50000 exceeded, found 201501.', extensions: { code: 'GRAPHQL_LIMIT_EXCEEDED', limit: 'cost' } },
    ]);
  });

  it('refuses the attack of the report: 1,000 aliases of one field, before any work', async () => {
    const { status, body } = await graphql({ query: aliases(1000) });
    expect(status).toBe(400);
    expect(limitErrors(body)).toHaveLength(1);
    expect(JSON.stringify(body).length).toBeLessThan(1000);
  });

  it('does not batch: an array of operations is refused', async () => {
    const res = await browser().post('/graphql', { json: [{ query: '{ __typename }' }, { query: '{ __typename }' }] });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/batching/i);
  });

  it('passes the portal’s own operations (the largest: the registration form)', async () => {
    const client = await signedInBrowser();
    const form = await graphql({ query: print(MembershipFormDocument), variables: { periodId: DEMO_PERIOD_ID } }, client);
    expect(form.status).toBe(200);
    expect(form.body.errors).toBeUndefined();
    expect(form.body.data?.membershipForm).toBeTruthy();
    const payment = await graphql({ query: print(PaymentReturnDocument), variables: { reference: 'ORD-2026-999999' } }, client);
    expect(limitErrors(payment.body)).toEqual([]);
    expect(payment.status).not.toBe(400);
  });
});

describe('sign-in rate limits, shared by all routers (defect 7)', () => {
  const LIMITS = {
    TRUST_PROXY: 'loopback',
    SIGN_IN_LIMIT_PER_USER_KEY: '3',
    SIGN_IN_LIMIT_PER_ADDRESS: '6',
    SIGN_IN_LIMIT_WINDOW_SECONDS: '900',
  };
  let routers: Array<Awaited<ReturnType<typeof startExtraRouter>>>;
  let knex: Knex;
  // Addresses of our own (via X-Forwarded-For from loopback, trusted here): the rest of the suite signs in from 127.0.0.1.
  const run = Math.floor(Math.random() * 200) + 1;
  let next = 0;
  const freshAddress = () => `2001:db8:${run.toString(16)}::${(next += 1).toString(16)}`;

  beforeAll(async () => {
    knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
    // Hillside's member provider, for the members' OpenID start and anonymous registration.
    await configureMemberOidc(knex);
    routers = [await startExtraRouter(LIMITS), await startExtraRouter(LIMITS)];
  });
  afterAll(async () => {
    await Promise.all(routers.map((r) => r.stop()));
    await knex.destroy();
  });

  function attempt(i: number, address: string, userKey: string, userHash: string) {
    return routers[i % 2]!.client().post('/api/auth/external-login', {
      json: { userKey, userHash },
      headers: { 'x-forwarded-for': address },
    });
  }
  const PERSON = [{ firstName: 'Robin', lastName: 'Rate', dateOfBirth: '1984-05-06' }];
  const validHash = (userKey: string) => signMd5Link(ctx.secrets.customerSecret, userKey).h;

  it('refuses a user key after 3 failed sign-ins, on either router, with 429 and Retry-After; another member still signs in', async () => {
    const { userKey } = await createRiversideMember(knex, `limited-${randomUUID()}`, PERSON);
    for (let i = 0; i < 3; i += 1) expect((await attempt(i, freshAddress(), userKey, 'f'.repeat(32))).status).toBe(401);
    for (let i = 3; i < 5; i += 1) {
      const refused = await attempt(i, freshAddress(), userKey, validHash(userKey));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(JSON.parse(refused.text)).toEqual({ error: 'Too Many Requests', message: expect.any(String), code: 'RATE_LIMITED' });
    }
    const other = await createRiversideMember(knex, `other-${randomUUID()}`, PERSON);
    expect((await attempt(0, freshAddress(), other.userKey, validHash(other.userKey))).status).toBe(200);
  });

  it('counts only failures per user key: a member opening a valid link many times is never locked out', async () => {
    const { userKey } = await createRiversideMember(knex, `clicks-${randomUUID()}`, PERSON);
    for (let i = 0; i < 6; i += 1) expect((await attempt(i, freshAddress(), userKey, validHash(userKey))).status).toBe(200);
    // GET (the link itself) counts the same way.
    const res = await routers[1]!
      .client()
      .get(`/api/auth/external-login?userKey=${encodeURIComponent(userKey)}&userHash=${validHash(userKey)}`, {
        headers: { 'x-forwarded-for': freshAddress() },
      });
    expect(res.status).toBe(302);
  });

  it('refuses an address after 6 attempts across both routers, GET and POST alike, whatever the user key', async () => {
    const address = freshAddress();
    for (let i = 0; i < 6; i += 1) expect((await attempt(i, address, `guess-${randomUUID()}`, 'f'.repeat(32))).status).not.toBe(429);
    const post = await attempt(0, address, `guess-${randomUUID()}`, 'f'.repeat(32));
    expect(post.status).toBe(429);
    expect(Number(post.headers['retry-after'])).toBeGreaterThan(0);
    const get = await routers[1]!
      .client()
      .get(`/api/auth/external-login?userKey=x&userHash=y`, { headers: { 'x-forwarded-for': address } });
    expect(get.status).toBe(429);
    expect(JSON.parse(get.text)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address on the same routers is unaffected.
    const { userKey } = await createRiversideMember(knex, `unaffected-${randomUUID()}`, PERSON);
    expect((await attempt(1, freshAddress(), userKey, validHash(userKey))).status).toBe(200);
  });

  it('"Sign in with <provider>" past the limit goes back to the portal with the wait, shown as such; a JSON client gets the 429', async () => {
    const address = freshAddress();
    const returnTo = '/membership/register/3?error=Missing+security+verification+parameters';
    const start = (i: number, headers: Record<string, string>) =>
      routers[i % 2]!.client(MEMBER_OIDC_HOST).get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`, {
        headers: { ...headers, 'x-forwarded-for': address },
      });
    // Started and never finished: each counts until its callback succeeds.
    for (let i = 0; i < 6; i += 1) expect(redirectedTo(await start(i, NAVIGATION)).origin).toBe(new URL(ctx.urls.idp).origin);
    const back = redirectedTo(await start(0, NAVIGATION));
    expect(back.pathname).toBe('/membership/register/3');
    expect(back.searchParams.get('error')).toBe('Missing security verification parameters');
    expect(back.searchParams.get('signIn')).toBe('too-many');
    const retry = Number(back.searchParams.get('retry'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(900);
    // As the portal reads it (the message itself: memberSignIn.test.ts).
    expect(retryQueryMinutes(back.searchParams.get('retry'))).toBe(Math.ceil(retry / 60));
    // A browser without Sec-Fetch-Mode is told the same way.
    expect(redirectedTo(await start(1, { accept: NAVIGATION.accept })).searchParams.get('signIn')).toBe('too-many');
    const api = await start(1, { accept: 'application/json' });
    expect(api.status).toBe(429);
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    expect(api.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('"Continue without an account" past the limit: 429 with Retry-After, which the portal shows as the wait', async () => {
    const address = freshAddress();
    const anonymous = (i: number) =>
      routers[i % 2]!.client(MEMBER_OIDC_HOST).post('/api/auth/anonymous', { json: {}, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 6; i += 1) expect((await anonymous(i)).status).toBe(200);
    const refused = await anonymous(0);
    expect(refused.status).toBe(429);
    const result = signInResult({
      status: refused.status,
      headers: new Headers({ 'retry-after': String(refused.headers['retry-after']) }),
    });
    // As the portal reads it (the message: memberSignIn.test.ts, anonymousFailedMessage).
    expect(result).toEqual({ outcome: 'rateLimited', waitMinutes: expect.any(Number) });
    expect(result.waitMinutes).toBeLessThanOrEqual(15);
  });
});

describe('sign-in limits that do not punish a crowd (issue 37, defect 8)', () => {
  // The router's default limits (the suite's own routers have none), from its env.ts.
  const defaults = routerEnv({ ADMIN_SERVICE_API_KEY: 'k'.repeat(44), SESSION_SECRET: 's'.repeat(40) });
  let router: Awaited<ReturnType<typeof startExtraRouter>>;
  let knex: Knex;
  const run = Math.floor(Math.random() * 200) + 1;
  let next = 0;
  const freshAddress = () => `2001:db8:c${run.toString(16)}::${(next += 1).toString(16)}`;
  const PERSON = [{ firstName: 'Cora', lastName: 'Crowd', dateOfBirth: '1990-02-03' }];
  const validHash = (userKey: string) => signMd5Link(ctx.secrets.customerSecret, userKey).h;

  beforeAll(async () => {
    knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
    router = await startExtraRouter({
      TRUST_PROXY: 'loopback',
      SIGN_IN_LIMIT_PER_ADDRESS: String(defaults.SIGN_IN_LIMIT_PER_ADDRESS),
      SIGN_IN_LIMIT_PER_USER_KEY: String(defaults.SIGN_IN_LIMIT_PER_USER_KEY),
      SIGN_IN_LIMIT_WINDOW_SECONDS: String(defaults.SIGN_IN_LIMIT_WINDOW_SECONDS),
    });
  });
  afterAll(async () => {
    await router.stop();
    await knex.destroy();
  });

  const attempt = (address: string, userKey: string, userHash: string) =>
    router.client().post('/api/auth/external-login', { json: { userKey, userHash }, headers: { 'x-forwarded-for': address } });

  it('60 failed sign-ins from one address (a school, a club’s Wi-Fi) do not lock out a correct link from it', async () => {
    const address = freshAddress();
    for (let i = 0; i < 60; i += 1) expect((await attempt(address, `mistyped-${randomUUID()}`, 'f'.repeat(32))).status).toBe(401);
    const { userKey } = await createRiversideMember(knex, `crowd-${randomUUID()}`, PERSON);
    expect((await attempt(address, userKey, validHash(userKey))).status).toBe(200);
    // Successful sign-ins do not count at all: the same address goes on signing people in.
    for (let i = 0; i < 5; i += 1) {
      const member = await createRiversideMember(knex, `crowd-${randomUUID()}`, PERSON);
      expect((await attempt(address, member.userKey, validHash(member.userKey))).status).toBe(200);
    }
  });

  it('a user key that failed too often is refused with Retry-After, which the portal shows as the wait, not as a broken link', async () => {
    const address = freshAddress();
    const { userKey } = await createRiversideMember(knex, `guessed-${randomUUID()}`, PERSON);
    for (let i = 0; i < defaults.SIGN_IN_LIMIT_PER_USER_KEY; i += 1) {
      expect((await attempt(address, userKey, 'f'.repeat(32))).status).toBe(401);
    }
    // Even the correct link now: the router's answer, read as the portal reads it.
    const refused = await attempt(address, userKey, validHash(userKey));
    expect(refused.status).toBe(429);
    const result = signInResult({
      status: refused.status,
      headers: new Headers({ 'retry-after': String(refused.headers['retry-after']) }),
    });
    expect(result.outcome).toBe('rateLimited');
    expect(result.waitMinutes).toBe(Math.ceil(defaults.SIGN_IN_LIMIT_WINDOW_SECONDS / 60));
    expect(texts.verification.rateLimited(result.waitMinutes)).toBe(
      `Too many sign-in attempts. Try again in ${Math.ceil(defaults.SIGN_IN_LIMIT_WINDOW_SECONDS / 60)} minutes.`,
    );
    // Another member behind the same address is not affected.
    const other = await createRiversideMember(knex, `neighbour-${randomUUID()}`, PERSON);
    expect((await attempt(address, other.userKey, validHash(other.userKey))).status).toBe(200);
  });

  it('the admin router’s sign-in start is rate-limited and writes no session before the provider answers', async () => {
    const admin = await startExtraService('adminRouter', {
      ...UNLIMITED_RATES.router,
      TRUST_PROXY: 'loopback',
      SIGN_IN_LIMIT_PER_ADDRESS: '3',
    });
    try {
      const client = new HttpClient(admin.url, `localhost:${admin.port}`);
      const address = freshAddress();
      for (let i = 0; i < 3; i += 1) {
        const start = await client.get('/auth/oidc/login', { headers: { 'x-forwarded-for': address } });
        expect(start.status).toBe(302);
        const cookies = (start.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]);
        // Only the sealed pending sign-in, no session cookie: no session row was written.
        expect(cookies).toEqual(['ems-admin.sid.oidc']);
      }
      // The operator clicked "Sign in": back to the start page, which says how long to wait.
      const back = redirectedTo(await client.get('/auth/oidc/login', { headers: { ...NAVIGATION, 'x-forwarded-for': address } }));
      expect(back.pathname).toBe('/');
      expect(back.searchParams.get('signIn')).toBe('too-many');
      const retry = Number(back.searchParams.get('retry'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(defaults.SIGN_IN_LIMIT_WINDOW_SECONDS);
      // As the portal reads it (the message itself: portal-web/src/admin/texts.test.ts).
      expect(retryQueryMinutes(back.searchParams.get('retry'))).toBe(Math.ceil(retry / 60));
      // A client that is no browser navigation still gets the 429 with Retry-After.
      const refused = await client.get('/auth/oidc/login', { headers: { 'x-forwarded-for': address } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await client.get('/auth/oidc/login', { headers: { 'x-forwarded-for': freshAddress() } })).status).toBe(302);
    } finally {
      await admin.stop();
    }
  });
});
