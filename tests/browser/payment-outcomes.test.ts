import { createKnex, type Knex } from '@ems/db';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser } from './support/browser';
import {
  completeRegistration,
  decideAtCheckout,
  fullName,
  newMember,
  paymentOutcome,
  registerLink,
  texts,
  waitForScreen,
} from './support/portal';

/**
 * The payment outcomes other than success, in the browser: a failed payment shows the error and
 * a retry that works; a cancelled one changes nothing (contract: unchanged): the registration still
 * awaits its payment, and the same link pays it.
 * Also the completion's automatic redirect after the 5 s notice (contract limit).
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

describe('payment outcomes in the browser', () => {
  it('redirects to the payment page 5 s after the notice; a failed payment shows the error, and the retry pays', async () => {
    const { page } = browser.tab();
    const member = await newMember(knex, 'fay', [{ firstName: 'Fay', lastName: 'Failed', dateOfBirth: '1991-03-03' }]);
    await page.goto(registerLink(member.userKey));
    await waitForScreen(page, 'people', 1);
    await completeRegistration(page);

    // Nobody clicks: the notice counts down and the browser leaves for the checkout by itself.
    const noticeShown = Date.now();
    await page.getByTestId('redirect-notice').waitFor();
    await page.waitForURL(/\/payments\/builtin\/checkout\//, { timeout: 9_000 });
    const waited = Date.now() - noticeShown;
    expect(waited).toBeGreaterThanOrEqual(4_000);
    expect(waited).toBeLessThan(7_500);

    await decideAtCheckout(page, 'Fail');
    const failed = await paymentOutcome(page, 'failed');
    expect(await failed.getByRole('heading', { level: 1 }).textContent()).toBe(texts.payment.failedTitle);
    expect(await failed.getByRole('alert').textContent()).toContain(texts.payment.failedBody);
    await screenshots(page, 'payment-failed');
    expect(await axeViolations(page)).toEqual([]);
    expect((await knex('membership.orders').where({ accountId: member.accountId }).select('status')).map((o) => o.status)).toEqual([
      'unpaid',
    ]);

    // The retry starts a new payment of the same order at the provider, which succeeds.
    await failed.getByRole('link', { name: texts.payment.retryPayment }).click();
    await decideAtCheckout(page, 'Pay');
    const paid = await paymentOutcome(page, 'paid');
    const number = await paid.locator('.membership-number').textContent();
    expect(number).toMatch(/^RAC-\d{4}-\d{4}$/);
    const numbers = paid.getByRole('table', { name: texts.payment.membershipsCaption });
    expect(await numbers.getByRole('row', { name: fullName(member.persons[0]!) }).textContent()).toContain(number);
    // Each member's card is a link away (the membership's life, docs/membership-life.md): a PDF for this session.
    const card = numbers.getByRole('link', { name: `${texts.payment.downloadCard} ${fullName(member.persons[0]!)}` });
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/api\/membership\/cards\/\d+$/);
    const pdf = await page.request.get(new URL(href!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('a cancelled payment changes nothing: back at the registration the payment is still due, and the same link pays it', async () => {
    const { page } = browser.tab();
    const member = await newMember(knex, 'cal', [
      { firstName: 'Cal', lastName: 'Cancel', dateOfBirth: '1983-12-12' },
      { firstName: 'Cid', lastName: 'Cancel', dateOfBirth: '1985-06-06' },
    ]);
    await page.goto(registerLink(member.userKey));
    await waitForScreen(page, 'people', 1);
    await completeRegistration(page);
    await page.getByTestId('redirect-notice').getByRole('link', { name: texts.completion.payNow }).click();
    // The capability travels in the link: the checkout was reached through `…/pay?token=…`.
    await decideAtCheckout(page, 'Cancel');

    const cancelled = await paymentOutcome(page, 'cancelled');
    expect(await cancelled.getByRole('heading', { level: 1 }).textContent()).toBe(texts.payment.cancelledTitle);
    expect(await cancelled.textContent()).toContain(texts.payment.cancelledBody);
    await screenshots(page, 'payment-cancelled');
    expect(await axeViolations(page)).toEqual([]);
    expect(await cancelled.getByRole('link', { name: texts.payment.payNow }).getAttribute('href')).toMatch(/\/pay\?token=[\w-]{43}$/);

    await cancelled.getByRole('link', { name: texts.payment.backToRegistration }).click();
    const due = await waitForScreen(page, 'payment');
    expect(new URL(page.url()).pathname).toBe('/membership/register/1');
    expect(await due.getAttribute('data-state')).toBe('PENDING_PAYMENT');
    await page.getByTestId('redirect-notice').getByRole('link', { name: texts.completion.payNow }).click();
    await decideAtCheckout(page, 'Pay');
    await paymentOutcome(page, 'paid');
    const orders = await knex('membership.orders').where({ accountId: member.accountId }).orderBy('id').select('status');
    expect(orders.map((o) => o.status)).toEqual(['paid']);
  }, 60_000);
});
