import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { createRegistrationOrder } from '../../subgraphs/membership/src/registration';
import { createRiversideMember } from '../support/members';
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
let knex: Knex;
/** A member of the tests' own (Riverside) with an unpaid order, so the demo's data stays as other suites expect it. */
let member: { userKey: string; personIds: number[] };
let order: { reference: string; totalMinor: number };

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  member = await createRiversideMember(knex, `wanda.work.${Date.now()}`, [
    { firstName: 'Wanda', lastName: 'Worksworth', dateOfBirth: '1988-08-08' },
    { firstName: '=Wim', lastName: 'Worksworth', dateOfBirth: '2016-06-06' },
  ]);
  const account = await knex('membership.accounts').where({ externalUserId: member.userKey }).first('id');
  const opens = await knex('membership.membershipPeriods')
    .where({ id: DEMO_PERIOD_ID })
    .first(knex.raw(`to_char(registration_opens_on, 'YYYY-MM-DD') AS d`));
  const created = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId: account.id,
      periodId: DEMO_PERIOD_ID,
      today: opens.d,
      persons: member.personIds.map((personId, i) => ({ personId, membershipTypeCode: i === 0 ? 'individual' : 'junior', options: [] })),
    }),
  );
  if (!created.ok) throw new Error(created.message);
  order = created.order;
});

afterAll(() => knex.destroy());

async function expectNoAxeViolationsAtBothWidths(page: Page) {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function signInAsOlga(page: Page) {
  await page.goto(ADMIN);
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
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByTestId('audit-empty').waitFor();
    expect(new URL(page.url()).search).toBe('?actorUserKey=nobody.here');

    await page.getByRole('button', { name: 'Clear filter' }).click();
    await entries.first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/audit');
  });

  it('members: search, a person with household, memberships, orders and payments, and the CSV export', async () => {
    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Members' }).click();
    await page.getByTestId('members-total').waitFor();
    await page.getByLabel('Name, membership number or user key').fill('Worksworth');
    await page.getByLabel('Status').selectOption({ label: 'Awaiting payment' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('[data-testid="members-total"]', { hasText: '2 memberships match.' }).waitFor();
    expect(new URL(page.url()).search).toBe('?text=Worksworth&status=PENDING_PAYMENT');
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-members');

    // The export: the filtered list, formulas neutralised.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('members.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"First name","Last name"');
    expect(lines.some((l) => l.startsWith(`"'=Wim","Worksworth"`))).toBe(true);
    expect(lines.every((l, i) => i === 0 || l.includes(member.userKey))).toBe(true);

    // A person's page: household, memberships, orders with payments.
    await page.getByRole('link', { name: 'Wanda Worksworth' }).click();
    await page.getByRole('heading', { name: 'Wanda Worksworth', level: 2 }).waitFor();
    expect(await page.getByTestId('household').textContent()).toContain('=Wim Worksworth');
    expect(await page.getByTestId('person-memberships').textContent()).toContain('Awaiting payment');
    expect(await page.getByTestId('person-orders').textContent()).toContain(order.reference);
    await expectNoAxeViolationsAtBothWidths(page);

    // Another tenant's or organisation's person is not there.
    await page.goto(`${ADMIN}/persons/987654321`);
    await page.getByTestId('person-not-found').waitFor();
  });

  it('orders: the open orders, a bank transfer recorded against the reference, the payments and the audit trail', async () => {
    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Orders and payments' }).click();
    const row = page.locator(`[data-testid="order-row"][data-reference="${order.reference}"]`);
    await row.waitFor();
    await expectNoAxeViolationsAtBothWidths(page);
    await row.getByRole('link', { name: order.reference }).click();
    await page.getByTestId('order-facts').waitFor();
    expect(await page.getByTestId('order-no-events').count()).toBe(1);

    // A wrong amount is refused in the form; the whole amount pays the order.
    await page.getByLabel('Amount received (EUR)').fill('12,345');
    await page.getByRole('button', { name: 'Record the payment' }).click();
    await page.getByText('Enter the amount received, e.g. 120.50.').waitFor();
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByLabel('Amount received (EUR)').fill((order.totalMinor / 100).toFixed(2));
    await page.getByRole('button', { name: 'Record the payment' }).click();
    await page.getByTestId('transfer-outcome').waitFor();
    expect(await page.getByTestId('transfer-outcome').textContent()).toContain('The order is paid');
    await page.locator('[data-testid="order-facts"][data-status="PAID"]').waitFor();
    const payment = page.locator('[data-testid="order-payment"][data-provider="manual"]');
    expect(await payment.textContent()).toContain('olga.operator');
    await screenshots(page, 'admin-order-paid');

    // The audit trail of this order.
    await page.getByRole('link', { name: 'Changes to this order in the audit log' }).click();
    const entry = page.locator(`[data-testid="audit-entry"][data-subject="${order.reference}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain('status: unpaid → paid');
  });

  it('persons to review: a pair side by side, merged keeping the chosen record, with every account kept', async () => {
    const stamp = Date.now();
    const first = await createRiversideMember(knex, `petra.one.${stamp}`, [
      { firstName: 'Petra', lastName: 'Pairson', dateOfBirth: '1991-01-01' },
    ]);
    const second = await createRiversideMember(knex, `petra.two.${stamp}`, [
      { firstName: 'Petra', lastName: 'Pairson', dateOfBirth: '1991-01-01' },
    ]);
    const [keepId, dropId] = [second.personIds[0]!, first.personIds[0]!];
    const [row] = await knex('membership.mergeCandidates')
      .insert({ registrationSystemId: 1, personId: dropId, candidatePersonId: keepId, score: 0.97, reason: 'SAME_NAME_AND_BIRTH_DATE' })
      .returning('id');

    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Persons to review' }).click();
    const pair = page.locator(`[data-testid="review-pair"][data-candidate="${row.id}"]`);
    await pair.waitFor();
    expect(await pair.textContent()).toContain(first.userKey);
    expect(await pair.textContent()).toContain(second.userKey);
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-review');

    await pair.getByLabel(`Keep this record: Petra Pairson (#${keepId})`).check();
    await pair.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('button', { name: 'Yes, merge' }).click();
    await page.locator('[data-testid="review-outcome"]', { hasText: 'The records were merged.' }).waitFor();
    await pair.waitFor({ state: 'detached' });
    expect(await knex('membership.persons').where({ id: dropId }).first()).toBeUndefined();
    const accounts = await knex('membership.linkedPersons').where({ personId: keepId }).orderBy('accountId').select('accountId');
    expect(accounts).toEqual([{ accountId: first.accountId }, { accountId: second.accountId }].sort((a, b) => a.accountId - b.accountId));
  });

  it("sign-in hand-offs: a member's signed-link attempts with what each refusal means, filtered by user key", async () => {
    const userKey = `linky.${Date.now()}`;
    await knex('membership.handoffAttempts').insert(
      ['bad_signature', 'expired', null].map((reason) => ({
        registrationSystemId: 1,
        userKey,
        scheme: 'hmac-sha256',
        result: reason ? 'refused' : 'accepted',
        reason,
        clientAddress: '198.51.100.4',
      })),
    );
    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Sign-in hand-offs' }).click();
    await page.getByLabel('User key').fill(userKey);
    await page.getByLabel('Result').selectOption({ label: 'Refused' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const rows = page.getByTestId('handoff-row');
    await page.locator('[data-testid="handoff-row"][data-reason="bad_signature"]').waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Expired: the link’s timestamp is too old');
    expect(new URL(page.url()).search).toBe(`?userKey=${userKey}&result=REFUSED`);
    await expectNoAxeViolationsAtBothWidths(page);
  });

  it("sessions: an operator ends every session of a member from the member's page", async () => {
    const lost = await createRiversideMember(knex, `lost.phone.${Date.now()}`, [
      { firstName: 'Lotte', lastName: 'Lostphone', dateOfBirth: '1993-03-03' },
    ]);
    const expire = new Date(Date.now() + 3_600_000);
    await knex('gateway.session').insert(
      [1, 2].map((i) => ({ sid: `${lost.userKey}-${i}`, sess: JSON.stringify({ auth: { accountId: lost.accountId } }), expire })),
    );
    const { page } = browser.tab();
    await signInAsOlga(page);
    await page.goto(`${ADMIN}/persons/${lost.personIds[0]}`);
    await page.getByRole('link', { name: `Sessions of ${lost.userKey}` }).click();
    expect(await page.getByLabel('Member’s user key').inputValue()).toBe(lost.userKey);
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole('button', { name: 'End every session' }).click();
    await page.getByRole('button', { name: 'Yes, end them' }).click();
    await page.locator('[data-testid="sessions-outcome"]', { hasText: '2 sessions were ended.' }).waitFor();
    expect(await knex('gateway.session').where('sid', 'like', `${lost.userKey}-%`)).toEqual([]);

    // Olga's own session goes on.
    await page.getByRole('button', { name: 'End every session' }).click();
    await page.getByRole('button', { name: 'Yes, end them' }).click();
    await page.locator('[data-testid="sessions-outcome"]', { hasText: 'The member was not signed in anywhere.' }).waitFor();
  });

  it('membership periods: close a period of its own, refuse broken prices, and preview what a family would pay', async () => {
    const demo = await knex('membership.membershipPeriods').where({ id: DEMO_PERIOD_ID }).first();
    const name = `Test season ${Date.now()}`;
    const [created] = await knex('membership.membershipPeriods')
      .insert({
        organisationId: demo.organisationId,
        name,
        startsOn: demo.startsOn,
        endsOn: demo.endsOn,
        registrationOpensOn: demo.registrationOpensOn,
        registrationClosesOn: demo.registrationClosesOn,
        status: 'open',
        pricingRules: JSON.stringify(demo.pricingRules),
      })
      .returning('id');
    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Periods' }).click();
    await page.getByRole('link', { name }).click();
    await page.getByLabel('Status').waitFor();
    await expectNoAxeViolationsAtBothWidths(page);

    await page.getByLabel('Prices (pricing rules, JSON)').fill('{ "currency": "EUR" ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-testid="period-outcome"]', { hasText: 'The pricing rules are not valid JSON.' }).waitFor();
    await page.getByLabel('Prices (pricing rules, JSON)').fill(JSON.stringify(demo.pricingRules, null, 2));
    await page.getByLabel('Status').selectOption({ label: 'Closed' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-testid="period-outcome"]', { hasText: 'The period was saved.' }).waitFor();
    expect((await knex('membership.membershipPeriods').where({ id: created.id }).first()).status).toBe('closed');

    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Preview the price' }).click();
    await page.getByTestId('preview-total').waitFor();
    expect(await page.getByTestId('preview-total').textContent()).toMatch(/€\d/);
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-period');
  });

  it('partner API keys: made with a name, scopes and expiry, shown once, rotated with an overlap, revoked', async () => {
    const name = `Timing partner ${Date.now()}`;
    const { page } = browser.tab();
    await signInAsOlga(page);
    await menu(page).getByRole('link', { name: 'Partner API keys' }).click();
    await page.getByLabel('Name (e.g. the partner)').fill(name);
    await page.getByLabel('Events and results (events:read)').check();
    await page.getByLabel('Expires after (days, empty for never)').fill('30');
    await page.getByRole('button', { name: 'Make the key' }).click();
    const shown = page.getByLabel('The new key');
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key.length).toBeGreaterThanOrEqual(32);
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = page.locator(`[data-testid="key-row"][data-label="${name}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('members:read, events:read');
    expect(await row.textContent()).not.toContain(key);
    // Only the hash is stored.
    expect(JSON.stringify(await knex('membership.apiKeys').where({ label: name }))).not.toContain(key);

    await row.getByRole('button', { name: `Rotate ${name}` }).click();
    await page.getByRole('button', { name: 'Yes, rotate' }).click();
    await page.getByText('The old key keeps working until').waitFor();
    expect(await page.getByLabel('The new key').inputValue()).not.toBe(key);
    await page.getByRole('button', { name: 'I have stored it' }).click();

    const rows = page.locator(`[data-testid="key-row"][data-label="${name}"]`);
    await page.waitForFunction((label) => document.querySelectorAll(`[data-testid="key-row"][data-label="${label}"]`).length === 2, name);
    await rows
      .first()
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.locator('[data-testid="keys-outcome"]', { hasText: 'The key was revoked.' }).waitFor();
    await page.waitForFunction((label) => document.querySelectorAll(`[data-testid="key-row"][data-label="${label}"]`).length === 1, name);
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-api-keys');
  });

  it("after a tenant switch the screens show the other registration system's data only", async () => {
    const { page } = browser.tab();
    await signInAsOlga(page);
    await page.getByLabel('Registration system').selectOption({ label: 'Demo Club Network (HMAC links)' });
    await page.getByRole('button', { name: 'Switch' }).click();
    await page.locator('[data-testid="current-tenant"][data-registration-system="2"]').waitFor();
    await menu(page).getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Name, membership number or user key').fill('Worksworth');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('[data-testid="members-total"]', { hasText: 'No members match.' }).waitFor();
    await menu(page).getByRole('link', { name: 'Orders and payments' }).click();
    await page.locator('[data-testid="order-rows"], [data-testid="orders-empty"]').first().waitFor();
    expect(await page.locator(`[data-testid="order-row"][data-reference="${order.reference}"]`).count()).toBe(0);
    await page.goto(`${ADMIN}/orders/${order.reference}`);
    await page.getByTestId('order-not-found').waitFor();
  });
});
