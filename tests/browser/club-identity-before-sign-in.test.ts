import { createKnex, type Knex } from '@ems/db';
import type { Page } from 'playwright-core';
import { DEMO_CLUB_PAGES, DEMO_HMAC_PERIOD_ID, DEMO_PERIOD_ID } from '@ems/membership/demo';
import { signHmacLink } from '../support/demo';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { usePortalBrowser, VIEWPORTS } from './support/browser';
import { newMember, portalOrigin, registerLink, texts } from './support/portal';

/**
 * Issue 23: the member portal's pages reached without a session (a refused signed link, the
 * payment return) still name the club, show its logo and say how to reach it, from the host's
 * public identity (GET /api/tenant).
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

const periodName = async (id: number) =>
  ((await knex('membership.membership_periods').where({ id }).first('name')) as { name: string }).name;

/** The club line above the page and its contact below, as a member sees them. */
async function expectClub(page: Page, club: { name: string; slug: string; season: string }) {
  const identity = page.getByTestId('club-identity');
  await identity.waitFor();
  expect(await identity.textContent()).toBe(`${club.name}${club.season}`);
  const logo = identity.getByRole('img', { name: club.name, exact: true });
  expect(await logo.getAttribute('width')).toBe('48');
  expect(await logo.getAttribute('height')).toBe('48');
  expect(await logo.getAttribute('src')).toMatch(/^\/services\/admin-service\/organisation-logos\/\d+\/[0-9a-f]{64}$/);
  // The image arrived and is one: a broken image has no natural size.
  await page.waitForFunction(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    await logo.elementHandle(),
  );
  expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.getBoundingClientRect().height])).toEqual([96, 48]);
  const published = DEMO_CLUB_PAGES[club.slug]!;
  const contact = page.getByTestId('club-contact');
  expect(await contact.getByRole('link', { name: published.contactEmail }).getAttribute('href')).toBe(`mailto:${published.contactEmail}`);
  expect(await contact.textContent()).toContain(published.contactPhone);
  expect(await contact.getByRole('link', { name: texts.club.website }).getAttribute('href')).toBe(published.websiteUrl);
}

async function expectNoSession(page: Page) {
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.value !== '')).toEqual([]);
}

describe('the club before sign-in', () => {
  it("a refused signed link (bad signature) names the period's club, shows its logo and contact", async () => {
    const tab = browser.tab();
    const { page } = tab;
    // The gateway's refusal of the link, as the portal expects it.
    tab.allowConsoleError(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/auth\/external-login\)/);
    const { userKey } = await newMember(knex, 'nia', [{ firstName: 'Nia', lastName: 'Nosession', dateOfBirth: '1990-01-01' }]);
    const link = new URL(registerLink(userKey, { periodId: DEMO_PERIOD_ID }));
    link.searchParams.set('h', '0'.repeat(32));
    await page.goto(link.toString());
    await page.getByTestId('access-denied').waitFor();
    expect(new URL(page.url()).searchParams.get('error')).toBe('Invalid security verification');
    await expectClub(page, { name: 'Riverside Athletics Club', slug: 'riverside-ac', season: await periodName(DEMO_PERIOD_ID) });
    await expectNoSession(page);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it("an expired hmac link on the other host names that host's own club", async () => {
    const tab = browser.tab();
    const { page } = tab;
    tab.allowConsoleError(/status of 401 \(Unauthorized\) \(http:\/\/hmac\.localhost:\d+\/api\/auth\/external-login\)/);
    const expired = signHmacLink(ctx.secrets.customerSecret, 'olga.ostrova', new Date(Date.now() - 3 * 24 * 3600 * 1000));
    const link = new URL(`/membership/register/${DEMO_HMAC_PERIOD_ID}`, `http://hmac.localhost:${ctx.ports.router}`);
    for (const [k, v] of Object.entries(expired)) link.searchParams.set(k, v);
    await page.goto(link.toString());
    await page.getByTestId('access-denied').waitFor();
    await expectClub(page, { name: 'Hillside Cycling Club', slug: 'hillside-cc', season: await periodName(DEMO_HMAC_PERIOD_ID) });
  });

  it('the payment return without a session names the club of a one-club host, with its contact', async () => {
    const { page } = browser.tab();
    await page.goto(`http://hmac.localhost:${ctx.ports.router}/membership/payment-return?reference=ORD-2026-000001&status=paid`);
    await page.getByTestId('access-denied').waitFor();
    await expectClub(page, { name: 'Hillside Cycling Club', slug: 'hillside-cc', season: '' });
    await expectNoSession(page);
  });

  it('with several clubs and no period to tell them apart, the registration system is named, and no club', async () => {
    const { page } = browser.tab();
    await page.goto(`${portalOrigin()}/membership/payment-return?reference=ORD-2026-000001`);
    await page.getByTestId('access-denied').waitFor();
    const identity = page.getByTestId('club-identity');
    await identity.waitFor();
    expect(await identity.textContent()).toBe('Demo Club Network');
    expect(await identity.getByRole('img').count()).toBe(0);
    expect(await page.getByTestId('club-contact').count()).toBe(0);
  });
});
