import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { startExtraService } from '../support/extraRouter';
import { UNLIMITED_RATES } from '../support/rateLimits';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser, VIEWPORTS } from './support/browser';

/**
 * The admin portal in Debian's Chromium, through the real processes: the admin portal's router,
 * the demo OpenID provider (a real one, oidc-provider), the admin service and the federated
 * GraphQL. An operator signs in, switches tenant (the token's tenant changes: GraphQL shows the
 * other registration system's organisation), and signs out of both the portal and the provider
 * (RP-initiated logout). The page never calls the registration portal's sign-in (rule 11); every
 * response is checked for JWTs and secrets (support/browser.ts).
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
const ADMIN = `http://localhost:${ctx.ports.adminRouter}`;

/** Every URL the page asked for, to prove what it never called. */
function requestLog(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

async function expectNoAxeViolationsAtBothWidths(page: Page) {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function signInAtProvider(page: Page, username: string, password = ctx.secrets.demoIdpPassword) {
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  expect(new URL(page.url()).origin).toBe(new URL(ctx.urls.idp).origin);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('the admin portal in the browser', () => {
  it('an operator signs in at the identity provider, switches tenant and signs out of both', async () => {
    const { page } = browser.tab();
    const requests = requestLog(page);

    await page.goto(ADMIN);
    const signedOut = page.getByTestId('signed-out');
    await signedOut.waitFor();
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInAtProvider(page, 'olga');

    // Back on the admin portal, signed in, in her first registration system.
    const tenant = page.getByTestId('current-tenant');
    await tenant.waitFor();
    expect(new URL(page.url()).origin).toBe(ADMIN);
    expect(await page.getByTestId('operator').textContent()).toBe('Signed in as Olga Ostrova (olga.operator@example.org)');
    expect(await tenant.getAttribute('data-registration-system')).toBe('1');
    expect(await page.getByTestId('organisations').textContent()).toBe('Riverside Athletics Club');
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-portal-signed-in');

    // The tenant switch: the session's token now carries Hillside's rights only.
    await page.getByLabel('Registration system').selectOption({ label: 'Demo Club Network (HMAC links)' });
    await page.getByRole('button', { name: 'Switch' }).click();
    await page.locator('[data-testid="current-tenant"][data-registration-system="2"]').waitFor();
    expect(await page.getByTestId('organisations').textContent()).toBe('Hillside Cycling Club');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Demo Club Network (HMAC links)');

    // Sign-out: the router's session ends, then the provider's (it asks first).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await signedOut.waitFor();
    expect(new URL(page.url()).origin).toBe(ADMIN);
    const session = await page.evaluate(() => fetch('/auth/session').then((r) => r.json()));
    expect(session).toEqual({ signedIn: false });

    // The provider's session ended too: signing in again asks for the password again.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Password').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(ctx.urls.idp).origin);

    // Rule 11: the admin portal never used the registration portal's sign-in.
    expect(requests.filter((url) => /\/auth\/(external-login|register-session)|\/api\/auth\//.test(url))).toEqual([]);
    expect(requests.some((url) => url.startsWith(`${ADMIN}/auth/oidc/callback`))).toBe(true);
  });

  it('a member of no organisation is told so, and stays signed out', async () => {
    const { page } = browser.tab();
    await page.goto(ADMIN);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInAtProvider(page, 'anna');
    const problem = page.getByTestId('sign-in-problem');
    await problem.waitFor();
    expect(await problem.getAttribute('data-problem')).toBe('not-operator');
    expect(await problem.textContent()).toBe('This account does not run any organisation here. Ask your administrator for access.');
    expect(await page.getByTestId('signed-in').count()).toBe(0);
  });
});

describe('a used-up sign-in limit (issue 37, defect 8)', () => {
  it('"Sign in" past the limit brings the operator back to the start page, told how long to wait', async () => {
    // An admin router of its own allowing one unfinished start per address; ours is a fresh one (X-Forwarded-For from loopback).
    const limited = await startExtraService('adminRouter', {
      ...UNLIMITED_RATES.router,
      TRUST_PROXY: 'loopback',
      SIGN_IN_LIMIT_PER_ADDRESS: '1',
    });
    try {
      const address = `2001:db8:b::${randomInt(1, 0xffff).toString(16)}`;
      const start = `http://localhost:${limited.port}/`;
      // One start abandoned (the provider knows no callback of this router, so it is made here, not in the page).
      const first = await fetch(`${start}auth/oidc/login`, { redirect: 'manual', headers: { 'x-forwarded-for': address } });
      expect(first.status).toBe(302);
      const { page } = browser.tab();
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await page.goto(start);
      await page.getByRole('link', { name: 'Sign in' }).click();
      const problem = page.getByTestId('sign-in-problem');
      await problem.waitFor();
      expect(await problem.getAttribute('data-problem')).toBe('too-many');
      expect(await problem.textContent()).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
      expect(new URL(page.url()).origin).toBe(new URL(start).origin);
    } finally {
      await limited.stop();
    }
  });
});
