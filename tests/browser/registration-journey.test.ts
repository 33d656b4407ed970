import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { startCustomerSite } from '@ems/router/src/dev/customerSite';
import { freePort } from '@ems/router/src/dev/stack';
import { signedInBrowser } from '../support/demo';
import { payThroughCheckout, registerPersons } from '../support/registration';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser } from './support/browser';
import {
  answerCurrentQuestion,
  currentStep,
  decideAtCheckout,
  fieldErrors,
  fullName,
  longDate,
  money,
  newMember,
  paymentOutcome,
  questionBox,
  registerLink,
  stepTitle,
  submitStep,
  texts,
  waitForScreen,
} from './support/portal';

/** Registers the user's persons over the API (as another browser would), paying or not. */
async function registerOverApi(userKey: string, pay: boolean): Promise<void> {
  const client = await signedInBrowser(userKey);
  const form = await registerPersons(client, DEMO_PERIOD_ID, userKey);
  if (!pay) return;
  const { returnUrl } = await payThroughCheckout(client, form.paymentUrl!, 'pay');
  // The return page's query is what confirms the payment with the provider.
  const { body } = await client.graphql<{ paymentReturn: { paymentStatus: string } }>(
    'query($r: String!, $t: String) { paymentReturn(reference: $r, transactionId: $t) { paymentStatus } }',
    { r: returnUrl.searchParams.get('reference'), t: returnUrl.searchParams.get('transactionId') },
  );
  if (body.data?.paymentReturn.paymentStatus !== 'SUCCEEDED') throw new Error(`payment not confirmed: ${JSON.stringify(body)}`);
}

/**
 * The member's whole journey in a real browser against the running system: the club website's
 * signed link, the person overview, every question type with validation next to the fields,
 * back, reload and resume, the completion with the price breakdown and the 5 s redirect notice,
 * the built-in payment page and the success page with the membership numbers.
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

describe('registration journey in the browser', () => {
  let site: { url: string; stop(): Promise<void> } | undefined;

  afterAll(async () => {
    await site?.stop();
  });

  it('from the club website link to the membership numbers, answering every question type', async () => {
    const { page } = browser.tab();
    const adult = { firstName: 'Alva', lastName: 'Journey', dateOfBirth: '1988-04-02' };
    const child = { firstName: 'Kit', lastName: 'Journey', dateOfBirth: '2014-08-15' };
    const grandparent = { firstName: 'Mo', lastName: 'Journey', dateOfBirth: '1950-01-20' };
    const member = await newMember(knex, 'alva', [adult, child, grandparent]);

    // The demo club website lists this run's own member, so that its signed link is the one clicked.
    const listed = {
      registrationSystemId: 1,
      userKey: member.userKey,
      organisation: 'riverside-ac',
      persons: [{ ...adult, relationship: 'self' }],
    };
    const sitePort = await freePort();
    site = await startCustomerSite({
      port: sitePort,
      host: '127.0.0.1',
      portalPort: ctx.ports.router,
      secret: ctx.secrets.customerSecret,
      users: [listed],
    });

    const answered: string[] = [];
    page.on('response', (r) => answered.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
    await page.goto(site.url);
    const link = page.getByRole('row').filter({ hasText: member.userKey }).getByRole('link', { name: 'Register for membership' });
    const signed = new URL((await link.getAttribute('href'))!);
    expect(signed.searchParams.get('u')).toBe(member.userKey);
    const hash = signed.searchParams.get('h')!;
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    await link.click();

    // Signed in: the person overview, and u/h have left the address bar.
    const overview = await waitForScreen(page, 'people', 1);
    const address = new URL(page.url());
    expect(address.pathname).toBe('/membership/register/1');
    expect(address.searchParams.has('u')).toBe(false);
    expect(address.searchParams.has('h')).toBe(false);
    expect(page.url()).not.toContain(member.userKey);
    expect(page.url()).not.toContain(hash);
    expect(answered).toContain('200 POST /api/auth/external-login');
    expect(await page.title()).toContain(texts.form.title);

    for (const person of member.persons) {
      const item = overview.locator('li', { hasText: fullName(person) });
      expect(await item.textContent()).toContain(longDate(person.dateOfBirth));
      expect(await item.textContent()).toContain(texts.people.status.Available);
      expect(await page.getByLabel(fullName(person), { exact: true }).isEnabled()).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);

    // Nobody selected: the error shows next to the list and nothing is sent.
    for (const person of member.persons) await page.getByLabel(fullName(person), { exact: true }).uncheck();
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    expect(await fieldErrors(page)).toEqual([texts.people.selectAtLeastOne]);
    expect((await currentStep(page)).step).toBe(1);

    await page.getByLabel(fullName(adult), { exact: true }).check();
    await page.getByLabel(fullName(child), { exact: true }).check();
    await submitStep(page);

    // DRP: membership type; validation before submitting, messages next to the fields.
    await waitForScreen(page, 'question', 2);
    expect(await stepTitle(page)).toBe('Which membership would you like?');
    expect(await questionBox(page).getByLabel(fullName(grandparent)).count()).toBe(0);
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    expect(await fieldErrors(page)).toEqual([
      texts.question.errors.ANSWER_REQUIRED(fullName(adult)),
      texts.question.errors.ANSWER_REQUIRED(fullName(child)),
    ]);
    expect(await page.getByLabel(fullName(adult), { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await questionBox(page).getByRole('alert').textContent()).toContain(texts.form.fixErrors(2));
    await page.getByLabel(fullName(adult), { exact: true }).selectOption('individual');
    await page.getByLabel(fullName(child), { exact: true }).selectOption('junior');
    await screenshots(page, 'question-step');
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // SEL: a list box per person.
    await waitForScreen(page, 'question', 3);
    expect(await stepTitle(page)).toBe('Club T-shirt size');
    expect(await page.getByRole('listbox', { name: fullName(adult) }).count()).toBe(1);
    await page.getByLabel(fullName(adult), { exact: true }).selectOption('M');
    await page.getByLabel(fullName(child), { exact: true }).selectOption('S');
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // RDO: a radio group per person, named by the person.
    await waitForScreen(page, 'question', 4);
    expect(await stepTitle(page)).toBe('How did you hear about us?');
    await page
      .getByRole('group', { name: fullName(adult) })
      .getByLabel('On our website')
      .check();
    await page
      .getByRole('group', { name: fullName(child) })
      .getByLabel('From a friend or family member')
      .check();
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // TXT (required, adults only): the child is hidden, neither shown nor validated.
    await waitForScreen(page, 'question', 5);
    expect(await stepTitle(page)).toBe('Emergency contact phone number');
    expect(await questionBox(page).locator('[data-person-id]').count()).toBe(1);
    expect(await page.getByLabel(fullName(child), { exact: true }).count()).toBe(0);
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    expect(await fieldErrors(page)).toEqual([texts.question.errors.ANSWER_REQUIRED(fullName(adult))]);
    await page.getByLabel(fullName(adult), { exact: true }).fill('+44 20 7946 0123');
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // NUM (optional); then back: the earlier answer is shown again.
    await waitForScreen(page, 'question', 6);
    expect(await stepTitle(page)).toBe('Years of running or athletics experience');
    expect(await page.getByRole('spinbutton', { name: fullName(adult) }).count()).toBe(1);
    await questionBox(page).getByRole('button', { name: texts.form.back }).click();
    await waitForScreen(page, 'question', 5);
    expect(await page.getByLabel(fullName(adult), { exact: true }).inputValue()).toBe('+44 20 7946 0123');
    await submitStep(page);
    await waitForScreen(page, 'question', 6);

    // Reload in the middle: the session holds (no link parameters needed) and resuming is offered.
    await page.reload();
    const resume = await waitForScreen(page, 'resumeChoice', 6);
    expect(new URL(page.url()).search).toBe('');
    expect(await resume.textContent()).toContain(texts.resume.body(6, 10));
    await screenshots(page, 'resume-choice');
    expect(await axeViolations(page)).toEqual([]);
    await resume.getByRole('button', { name: texts.resume.resume }).click();
    await waitForScreen(page, 'question', 6);
    await page.getByLabel(fullName(adult), { exact: true }).fill('12');
    await page.getByLabel(fullName(child), { exact: true }).fill('3');
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // BCB: an unticked box is sent as 0.
    await waitForScreen(page, 'question', 7);
    expect(await stepTitle(page)).toBe('Add accident insurance for club activities');
    await page.getByRole('checkbox', { name: fullName(adult) }).check();
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // ONE: at least one person must be ticked.
    await waitForScreen(page, 'question', 8);
    expect(await questionBox(page).textContent()).toContain(texts.question.atLeastOne);
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    expect(await fieldErrors(page)).toEqual([texts.question.errors.ONE_AT_LEAST_ONE()]);
    await page.getByRole('checkbox', { name: fullName(child) }).check();
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);

    // TXT (optional): may stay empty.
    await waitForScreen(page, 'question', 9);
    expect(await questionBox(page).textContent()).toContain(texts.form.optionalHint);
    await submitStep(page);

    // ITC: everyone must agree; the last step finishes the registration.
    await waitForScreen(page, 'question', 10);
    await page.getByRole('checkbox', { name: texts.question.agreeFor(fullName(adult)) }).check();
    await questionBox(page).getByRole('button', { name: texts.form.finish }).click();
    expect(await fieldErrors(page)).toEqual([texts.question.errors.ITC_ALL_MUST_AGREE(fullName(child))]);
    await page.getByRole('checkbox', { name: texts.question.agreeOnBehalfOf(fullName(child)) }).check();
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page, texts.form.finish);

    // Completion: the price breakdown from the real order, and the redirect notice.
    const completion = await waitForScreen(page, 'payment');
    expect(await completion.getAttribute('data-state')).toBe('PENDING_PAYMENT');
    const notice = page.getByTestId('redirect-notice');
    expect(await notice.textContent()).toMatch(/You will be taken to the payment page in [1-5] seconds?\./);
    await screenshots(page, 'completion');
    // The member may turn the time limit off (the redirect itself is timed in payment-outcomes).
    await notice.getByRole('button', { name: texts.completion.stayHere }).click();
    expect(await notice.textContent()).toContain(texts.completion.redirectStopped);
    const order = await knex('membership.orders')
      .where({ accountId: member.accountId, status: 'unpaid' })
      .first('id', 'totalMinor', 'currency');
    const lines = await knex('membership.order_lines').where({ orderId: order.id }).select('description', 'amountMinor');
    const priceTable = page.getByRole('table', { name: texts.completion.priceTitle });
    const rows = await priceTable.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(lines.length);
    for (const line of lines)
      expect(rows.some((r) => r.includes(line.description) && r.includes(money(line.amountMinor, order.currency)))).toBe(true);
    expect(await priceTable.locator('tfoot').textContent()).toContain(money(order.totalMinor, order.currency));
    expect(rows.join(' ')).toContain(texts.completion.lineFor(fullName(child)));
    expect(await axeViolations(page)).toEqual([]);

    // "Pay now" goes to the built-in provider's checkout.
    await notice.getByRole('link', { name: texts.completion.payNow }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(await page.textContent('body')).toContain(money(order.totalMinor, order.currency).replace(/[^\d.]/g, ''));
    await screenshots(page, 'checkout');
    expect(await axeViolations(page, { strictCsp: true })).toEqual([]);
    await decideAtCheckout(page, 'Pay');

    // Success: the membership numbers the server assigned.
    const success = await paymentOutcome(page, 'paid');
    expect(await success.getByRole('heading', { level: 1 }).textContent()).toBe(texts.payment.successTitle);
    const numbers = await knex('membership.memberships').where({ orderId: order.id }).select('personId', 'membershipNumber', 'status');
    expect(numbers.map((n) => n.status)).toEqual(['active', 'active']);
    const numbersTable = page.getByRole('table', { name: texts.payment.membershipsCaption });
    for (const [person, id] of [
      [adult, member.personIds[0]],
      [child, member.personIds[1]],
    ] as const) {
      const expected = numbers.find((n) => n.personId === id)!.membershipNumber as string;
      expect(expected).toMatch(/^RAC-\d{4}-\d{4}$/);
      expect(await numbersTable.getByRole('row', { name: fullName(person) }).textContent()).toContain(expected);
    }
    await screenshots(page, 'success');
    expect(await axeViolations(page)).toEqual([]);

    // The club website's link again: the registration is complete and paid.
    await page.goto(registerLink(member.userKey));
    const done = await waitForScreen(page, 'completed');
    expect(await done.textContent()).toContain(texts.completion.completedBody);

    // Every response the browser got (the sign-in, every GraphQL answer, the payment pages) was
    // read and checked by the fixture: none carried a JWT or a secret.
    expect(answered.filter((a) => a === '200 POST /graphql').length).toBeGreaterThan(10);
    expect(answered.some((a) => /^200 GET \/services\/admin-service\/payments\/builtin\/checkout\//.test(a))).toBe(true);
    expect(await browser.tab().responsesChecked()).toBeGreaterThan(20);
  }, 90_000);

  it('the person overview: Registered and Pending Payment persons are shown but cannot be selected', async () => {
    const { page } = browser.tab();
    // Three accounts of one household: Pat's registration is paid, Pia's awaits payment, and a
    // third account that is linked to both (and to Quinn) opens the overview.
    const pat = await newMember(knex, 'pat', [{ firstName: 'Pat', lastName: 'Paid', dateOfBirth: '1970-02-02' }]);
    const pia = await newMember(knex, 'pia', [{ firstName: 'Pia', lastName: 'Pending', dateOfBirth: '1972-03-03' }]);
    await registerOverApi(pat.userKey, true);
    await registerOverApi(pia.userKey, false);
    const quinn = await newMember(knex, 'quinn', [{ firstName: 'Quinn', lastName: 'Overview', dateOfBirth: '2010-10-10' }]);
    await knex('membership.linked_persons').insert([
      { accountId: quinn.accountId, personId: pat.personIds[0], relationship: 'parent' },
      { accountId: quinn.accountId, personId: pia.personIds[0], relationship: 'parent' },
    ]);

    await page.goto(registerLink(quinn.userKey));
    const overview = await waitForScreen(page, 'people', 1);
    const expected = [
      [quinn.persons[0]!, 'Available', null],
      [pat.persons[0]!, 'Registered', texts.people.whyDisabled.Registered],
      [pia.persons[0]!, 'Pending Payment', texts.people.whyDisabled['Pending Payment']],
    ] as const;
    for (const [person, status, why] of expected) {
      const item = overview.locator('li', { hasText: fullName(person) });
      const text = await item.textContent();
      expect(text).toContain(longDate(person.dateOfBirth));
      expect(text).toContain(texts.people.status[status]);
      const box = page.getByRole('checkbox', { name: fullName(person), exact: true });
      expect(await box.isEnabled()).toBe(why === null);
      if (why) expect(text).toContain(why);
    }
    await screenshots(page, 'person-overview');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('start fresh on another member: the earlier answers are gone', async () => {
    const { page } = browser.tab();
    const member = await newMember(knex, 'rosa', [{ firstName: 'Rosa', lastName: 'Reset', dateOfBirth: '1979-09-09' }]);
    const rosa = fullName(member.persons[0]!);
    await page.goto(registerLink(member.userKey));
    await waitForScreen(page, 'people', 1);
    await page.getByLabel(rosa, { exact: true }).check();
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    await page.getByLabel(rosa, { exact: true }).selectOption('student');
    await submitStep(page);
    await waitForScreen(page, 'question', 3);

    // The club website's link again (a new visit): the registration offers resume or start fresh.
    await page.goto(registerLink(member.userKey));
    const choice = await waitForScreen(page, 'resumeChoice', 3);
    expect(await choice.textContent()).toContain(texts.resume.startFreshNote);
    await choice.getByRole('button', { name: texts.resume.startFresh }).click();

    const overview = await waitForScreen(page, 'people', 1);
    expect(await overview.getAttribute('data-state')).toBe('RUNNING');
    await page.getByLabel(rosa, { exact: true }).check();
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    expect(await page.getByLabel(rosa, { exact: true }).inputValue()).toBe('');
    await answerCurrentQuestion(page);
    await submitStep(page);
    await waitForScreen(page, 'question', 3);
  }, 60_000);
});
