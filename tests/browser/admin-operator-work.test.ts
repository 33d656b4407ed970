import type { Page } from 'playwright-core';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser, VIEWPORTS } from './support/browser';

/**
 * The operator's work screens of the admin portal (issue 20) in Debian's Chromium, through the
 * real processes and the demo OpenID provider: Olga (the demo operator of Riverside) signs in and
 * works through each screen; axe at 375 and 1280 px on each.
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
const ADMIN = `http://localhost:${ctx.ports.adminRouter}`;

async function expectNoAxeViolationsAtBothWidths(page: Page) {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function signInAsOlga(page: Page, path = '/') {
  await page.goto(`${ADMIN}${path}`);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('olga');
  await page.getByLabel('Password').fill(ctx.secrets.demoIdpPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-tenant').waitFor();
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Operator tasks' });
}

describe("the operator's work in the admin portal", () => {
  it('the audit log lists the changes operators made, filterable in the address', async () => {
    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByTestId('audit-entry');
    await entries.first().waitFor();
    // The demo seed's bank transfer for Erik, recorded by Olga through the same operation.
    const recorded = page.locator('[data-testid="audit-entry"][data-action="payment.recorded"]');
    expect(await recorded.count()).toBeGreaterThanOrEqual(1);
    expect(await recorded.first().textContent()).toContain('olga.operator');
    expect(await recorded.first().textContent()).toContain('status: unpaid → paid');
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-audit-log');

    await page.getByLabel('Operator (user key)').fill('nobody.here');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('audit-empty').waitFor();
    expect(new URL(page.url()).search).toBe('?actorUserKey=nobody.here');

    await page.getByRole('button', { name: 'Clear filter' }).click();
    await entries.first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/audit');
  });
});
