import { createKnex, type Knex } from '@ems/db';
import { DEMO_HMAC_PERIOD_ID } from '@ems/membership/demo';
import { browser, signMd5Link } from '../support/demo';
import { configureMemberOidc, finishMemberSignIn, memberOidcBrowser, visitMemberProvider } from '../support/memberSignIn';
import { adminBrowser, finishSignIn, visitProvider } from '../support/operators';
import type { HttpClient } from '../support/client';
import { e2eContext } from '../support/stackContext';

/**
 * No open redirect after a sign-in, on either router: a return path whose dot segments the URL
 * parser removes (`/.//evil.example` becomes `//evil.example`, which a browser resolves to another
 * host) sends the browser to `/`. Each of the three sign-in routes, through the real routers:
 * the signed-link sign-in, the member's OpenID Connect sign-in and the operators'.
 */
const ctx = e2eContext();
let knex: Knex;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  await configureMemberOidc(knex);
});
afterAll(async () => {
  await knex.destroy();
});

/** Paths that pass an input check (they start with one slash) and normalise to `//evil.example`. */
const NORMALISED_OFF_SITE = ['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/%2E%2E//evil.example/x?y=1'];

/** The callback's answer as the browser gets it: the Location exactly as sent. */
async function callbackLocation(client: HttpClient, callback: URL): Promise<string | undefined> {
  const res = await client.get(callback.pathname + callback.search);
  expect(res.status).toBe(302);
  return res.headers.location;
}

describe.each(NORMALISED_OFF_SITE)('returnTo %s', (returnTo) => {
  it('the signed-link sign-in (GET /api/auth/external-login) redirects to /', async () => {
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'ben.meyer');
    const res = await browser().get(`/api/auth/external-login?userKey=${u}&userHash=${h}&returnUrl=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it("the member's OpenID Connect sign-in redirects to /, also when it comes back refused", async () => {
    const member = memberOidcBrowser();
    expect(await callbackLocation(member, await visitMemberProvider(member, 'dora', returnTo))).toBe('/');
    // A sign-in the provider refused goes back to the same place, with the problem named.
    const refused = memberOidcBrowser();
    const start = await refused.get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`);
    const state = new URL(start.headers.location ?? '').searchParams.get('state');
    const back = await refused.get(`/api/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/?signIn=cancelled');
  });

  it("the operators' OpenID Connect sign-in (admin router) redirects to /", async () => {
    const admin = adminBrowser();
    const { callback } = await visitProvider(admin, 'olga', undefined, returnTo);
    expect(await callbackLocation(admin, callback)).toBe('/');
  });
});

describe('a same-site return path is kept', () => {
  it('on every sign-in route', async () => {
    const { u, h } = signMd5Link(ctx.secrets.customerSecret, 'ben.meyer');
    const link = await browser().get(`/api/auth/external-login?userKey=${u}&userHash=${h}&returnUrl=${encodeURIComponent('/a/./b')}`);
    expect(link.headers.location).toBe('/a/b');
    const register = `/membership/register/${DEMO_HMAC_PERIOD_ID}`;
    const member = memberOidcBrowser();
    const landed = await finishMemberSignIn(member, await visitMemberProvider(member, 'dora', register));
    expect(landed.pathname).toBe(register);
    const admin = adminBrowser();
    const { callback } = await visitProvider(admin, 'olga', undefined, '/members?page=2');
    const back = await finishSignIn(admin, callback);
    expect(back.pathname + back.search).toBe('/members?page=2');
  });
});
