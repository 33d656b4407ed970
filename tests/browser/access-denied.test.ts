import { createKnex, type Knex } from '@ems/db';
import { DEMO_PREVIOUS_PERIOD_ID } from '@ems/membership/demo';
import type { DeniedReason } from '../../portal-web/src/lib/texts';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser } from './support/browser';
import { newMember, portalOrigin, registerLink, texts, waitForScreen } from './support/portal';

/**
 * Contract "Errors", the registration-route rows and the access-denied scenarios: missing user
 * key, missing or invalid hash, expired or invalid membership period, user not authorised for the
 * organisation, and an `error` parameter. Each shows the access-denied view with a helpful
 * sentence and no technical detail, never the form.
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;
let userKey: string;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  userKey = (await newMember(knex, 'dina', [{ firstName: 'Dina', lastName: 'Denied', dateOfBirth: '1995-05-05' }])).userKey;
});
afterAll(() => knex.destroy());

const MISSING = 'Missing security verification parameters';
const INVALID = 'Invalid security verification';

/** Words that would betray an implementation detail on a page meant for members. */
const TECHNICAL = /error|exception|graphql|status|\b[45]\d\d\b|stack|undefined|null|token|jwt|hash|PERIOD_|FORBIDDEN|\{|\}/i;

function withParams(link: string, change: (params: URLSearchParams) => void): string {
  const url = new URL(link);
  change(url.searchParams);
  return url.toString();
}

/** The view is one component whatever the reason: axe runs where `checkAxe` says (it costs ~0.7 s). */
async function expectDenied(reason: DeniedReason, checkAxe = false) {
  const { page } = browser.tab();
  const denied = page.getByTestId('access-denied');
  await denied.waitFor();
  expect(await denied.getAttribute('data-reason')).toBe(reason);
  expect(await denied.getByRole('heading', { level: 1 }).textContent()).toBe(texts.denied.title);
  const message = (await denied.getByRole('alert').textContent()) ?? '';
  expect(message).toBe(texts.denied.reasons[reason]);
  expect(message).not.toMatch(TECHNICAL);
  expect(await denied.textContent()).toBe(`${texts.denied.title}${texts.denied.reasons[reason]}${texts.denied.helpFooter}`);
  expect(await page.locator('.form-step').count()).toBe(0);
  if (checkAxe) expect(await axeViolations(page)).toEqual([]);
  return denied;
}

describe('access denied in the browser', () => {
  it.each([
    ['missing u', (link: string) => withParams(link, (p) => p.delete('u'))],
    ['missing h', (link: string) => withParams(link, (p) => p.delete('h'))],
    ['an empty h', (link: string) => withParams(link, (p) => p.set('h', ''))],
  ])('%s: the route reloads with error=Missing security verification parameters', async (_name, makeLink) => {
    const { page } = browser.tab();
    await page.goto(makeLink(registerLink(userKey)));
    await expectDenied('MISSING_VERIFICATION');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/membership/register/1');
    expect([...url.searchParams.keys()]).toEqual(['error']);
    expect(url.searchParams.get('error')).toBe(MISSING);
  });

  it('a hash the server refuses: the route reloads with error=Invalid security verification', async () => {
    const tab = browser.tab();
    // The refused sign-in is a 401 answer, which Chromium logs.
    tab.allowConsoleError(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/auth\/external-login\)/);
    const signIns: number[] = [];
    tab.page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/external-login')) signIns.push(r.status());
    });
    await tab.page.goto(withParams(registerLink(userKey), (p) => p.set('h', '0123456789abcdef0123456789abcdef')));
    await expectDenied('INVALID_VERIFICATION', true);
    expect(signIns).toEqual([401]);
    const url = new URL(tab.page.url());
    expect([...url.searchParams.keys()]).toEqual(['error']);
    expect(url.searchParams.get('error')).toBe(INVALID);
    await screenshots(tab.page, 'access-denied');
  });

  it.each([
    ['an unknown membership period (9999)', 9999, 'PERIOD_NOT_FOUND'],
    ['a closed membership period (the previous season)', DEMO_PREVIOUS_PERIOD_ID, 'PERIOD_CLOSED'],
  ] as const)('%s', async (_name, periodId, reason) => {
    const { page } = browser.tab();
    await page.goto(registerLink(userKey, { periodId }));
    await expectDenied(reason);
    // The link was good: the user is signed in and u/h are gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
  });

  it('a period that is not a number', async () => {
    const { page } = browser.tab();
    await page.goto(registerLink(userKey).replace('/register/1?', '/register/next-season?'));
    await expectDenied('PERIOD_NOT_FOUND');
    expect(new URL(page.url()).searchParams.has('h')).toBe(false);
  });

  it('a user of another club (carla.jensen of Lakeside) is not authorised for Riverside’s period', async () => {
    const { page } = browser.tab();
    await page.goto(registerLink('carla.jensen'));
    await expectDenied('FORBIDDEN', true);
    expect(new URL(page.url()).search).toBe('');
  });

  it.each([
    ['the contract’s text', MISSING, 'MISSING_VERIFICATION'],
    ['the contract’s text', INVALID, 'INVALID_VERIFICATION'],
    [
      'a technical text, which is not echoed',
      'GraphQLError: relation "membership.x" does not exist at Object.<anonymous> (db.ts:1)',
      'UNKNOWN',
    ],
    ['markup, which is not echoed', '<img src=x onerror=alert(1)>', 'UNKNOWN'],
  ] as const)('an error parameter (%s) shows the access-denied view at once: %s', async (_name, error, reason) => {
    const tab = browser.tab();
    const calls: string[] = [];
    tab.page.on('request', (r) => {
      if (/\/(graphql|api\/)/.test(r.url())) calls.push(r.url());
    });
    // Even with a valid link: the error parameter wins and nobody is signed in.
    const link = withParams(registerLink(userKey), (p) => p.set('error', error));
    await tab.page.goto(link);
    const denied = await expectDenied(reason);
    expect(await denied.textContent()).not.toContain(error);
    expect(await tab.page.locator('main').innerHTML()).not.toContain('onerror');
    // No sign-in and no GraphQL; only the host's public identity, which names the club (issue 23),
    // and, for a visit without a link, what sign-in the tenant offers instead (rule 12: none here).
    const asked = error === MISSING ? ['/api/tenant', '/api/auth/options'] : ['/api/tenant'];
    expect(calls.filter((url) => !asked.includes(new URL(url).pathname))).toEqual([]);
  });

  it('a valid link with the user key as path parameter signs in (the opposite of the above)', async () => {
    const { page } = browser.tab();
    const link = new URL(registerLink(userKey));
    const h = link.searchParams.get('h')!;
    await page.goto(`${portalOrigin()}/membership/register/1/${encodeURIComponent(userKey)}?h=${h}`);
    await waitForScreen(page, 'people', 1);
    expect(new URL(page.url()).pathname).toBe('/membership/register/1');
    expect(new URL(page.url()).search).toBe('');
  });
});
