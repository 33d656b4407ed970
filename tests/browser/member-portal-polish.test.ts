import { createKnex, type Knex } from '@ems/db';
import type { Page } from 'playwright-core';
import { DEMO_CLUB_PAGES, DEMO_HMAC_PERIOD_ID, DEMO_PERIOD_ID, DEMO_PREVIOUS_PERIOD_ID, DEMO_USERS } from '@ems/membership/demo';
import { createRegistrationOrder } from '@ems/membership/registration';
import { startCustomerSite } from '@ems/router/src/dev/customerSite';
import { freePort } from '@ems/router/src/dev/stack';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { usePortalBrowser, VIEWPORTS } from './support/browser';
import { startFaultyForms } from './support/faultyForms';
import {
  answerCurrentQuestion,
  completeRegistration,
  currentStep,
  decideAtCheckout,
  fieldErrors,
  fullName,
  money,
  newMember,
  paymentOutcome,
  questionBox,
  registerLink,
  submitStep,
  texts,
  waitForScreen,
  type Person,
} from './support/portal';

/**
 * Issue 23, the member portal's problems 1-9: each test shows one of them fixed, as a member
 * of the club meets it in the browser (each fails on the portal before the fix).
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;
let faulty: Awaited<ReturnType<typeof startFaultyForms>> | undefined;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(async () => {
  await faulty?.stop();
  await knex.destroy();
});

/** axe at the phone's 375 px and at 1280 px (the new pieces of these screens at both widths). */
async function axeAtBothWidths(page: Page): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page)).toEqual([]);
  }
}

/** Signs `persons` in as a new Riverside member and ticks them all on the overview (step 1). */
async function startRegistration(name: string, persons: Person[], port?: number) {
  const { page } = browser.tab();
  const member = await newMember(knex, name, persons);
  await page.goto(registerLink(member.userKey, { port }));
  await waitForScreen(page, 'people', 1);
  for (const person of persons) await page.getByLabel(fullName(person), { exact: true }).check();
  return { page, member };
}

/** Answers each question (answerCurrentQuestion) and moves on until the form is at `step`. */
async function advanceTo(page: Page, step: number, membershipType = 'individual') {
  for (let guard = 0; guard < 12; guard += 1) {
    const current = await currentStep(page);
    if (current.step === step) return;
    await answerCurrentQuestion(page, membershipType);
    await submitStep(page);
  }
  throw new Error(`advanceTo: never reached step ${step}`);
}

describe('member portal (issue 23)', () => {
  it('9: the hmac-sha256 demo tenant (hmac.localhost) links to an open period of its own club', async () => {
    const { page } = browser.tab();
    const dora = DEMO_USERS.find((u) => u.userKey === 'dora.lind')!;
    const site = await startCustomerSite({
      port: await freePort(),
      host: '127.0.0.1',
      portalPort: ctx.ports.router,
      secret: ctx.secrets.customerSecret,
      users: [dora],
    });
    try {
      await page.goto(site.url);
      const link = page.getByRole('row').filter({ hasText: dora.userKey }).getByRole('link', { name: 'Register for membership' });
      const href = new URL((await link.getAttribute('href'))!);
      expect(href.hostname).toBe('hmac.localhost');
      expect(href.pathname).toBe(`/membership/register/${DEMO_HMAC_PERIOD_ID}`);
      await link.click();
      const overview = await waitForScreen(page, 'people', 1);
      expect(await overview.textContent()).toContain('Dora Lind');
      expect(await page.getByTestId('access-denied').count()).toBe(0);
    } finally {
      await site.stop();
    }
  });

  it('2: the select list shows no choice while the answer is empty, and clicking the first option selects it', async () => {
    const ada = { firstName: 'Ada', lastName: 'Select', dateOfBirth: '1990-01-01' };
    const { page } = await startRegistration('ada', [ada]);
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    await answerCurrentQuestion(page);
    await submitStep(page);
    await waitForScreen(page, 'question', 3);

    const list = page.getByRole('listbox', { name: fullName(ada) });
    expect(await list.getByRole('option', { selected: true }).count()).toBe(0);
    // Next with no choice: the message, and still nothing looks chosen.
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    expect(await fieldErrors(page)).toEqual([texts.question.errors.ANSWER_REQUIRED(fullName(ada))]);
    expect(await list.getByRole('option', { selected: true }).count()).toBe(0);

    await list.getByRole('option', { name: 'XS', exact: true }).click();
    expect(await list.getByRole('option', { selected: true }).allTextContents()).toEqual(['XS']);
    expect(await fieldErrors(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await submitStep(page);
    expect((await currentStep(page)).step).toBe(4);
  });

  it('8: the overview announces "select at least one person"; during the 5 s failure notice the focus is on the notice', async () => {
    faulty = await startFaultyForms();
    const bo = { firstName: 'Bo', lastName: 'Announce', dateOfBirth: '1985-05-05' };
    const { page } = await startRegistration('bo', [bo], faulty.router.port);

    // The alert region is in the page before the message, so that the message is announced.
    expect(await questionBox(page).locator('[role="alert"]').count()).toBe(1);
    await page.getByLabel(fullName(bo), { exact: true }).uncheck();
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    const alert = questionBox(page).getByRole('alert');
    expect(await alert.textContent()).toBe(texts.people.selectAtLeastOne);
    expect(await page.getByLabel(fullName(bo), { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel(fullName(bo), { exact: true }).check();
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    await answerCurrentQuestion(page);
    faulty.failNext({ kind: 'http500' });
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    const notice = page.locator('.form-step').getByRole('alert').filter({ hasText: texts.form.submitFailedDefault });
    await notice.waitFor();
    expect(await questionBox(page).isHidden()).toBe(true);
    // Not the page body: the notice itself holds the focus while the question box is hidden.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // Then the question comes back and the focus goes to its heading.
    await questionBox(page).waitFor({ state: 'visible', timeout: 8_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('step-heading');
  }, 45_000);

  it('7: numbers keep their range, the terms are linked, and a parent agrees on behalf of a child', async () => {
    const parent = { firstName: 'Pam', lastName: 'Consent', dateOfBirth: '1980-02-02' };
    const child = { firstName: 'Tim', lastName: 'Consent', dateOfBirth: '2016-03-03' };
    const { page } = await startRegistration('pam', [parent, child]);
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    await page.getByLabel(fullName(parent), { exact: true }).selectOption('individual');
    await page.getByLabel(fullName(child), { exact: true }).selectOption('junior');
    await submitStep(page);
    await advanceTo(page, 6);

    // Years of experience: -3 and 81 are refused next to the field, before anything is sent.
    const years = page.getByRole('spinbutton', { name: fullName(parent) });
    expect(await years.getAttribute('min')).toBe('0');
    expect(await years.getAttribute('max')).toBe('80');
    expect(await questionBox(page).textContent()).toContain(texts.question.numberRange(0, 80));
    await years.fill('-3');
    await questionBox(page).getByRole('button', { name: texts.form.next }).click();
    expect(await fieldErrors(page)).toEqual([texts.question.errors.NUM_OUT_OF_RANGE(fullName(parent))]);
    await years.fill('81');
    expect(await fieldErrors(page)).toEqual([texts.question.errors.NUM_OUT_OF_RANGE(fullName(parent))]);
    await years.fill('12');
    expect(await fieldErrors(page)).toEqual([]);
    await submitStep(page);
    await advanceTo(page, 10);

    // The terms are the club's own, and the child's consent is given by the parent.
    const terms = questionBox(page).getByRole('link', { name: texts.question.readTerms });
    expect(await terms.getAttribute('href')).toBe(DEMO_CLUB_PAGES['riverside-ac']!.termsUrl);
    expect(await page.getByRole('checkbox', { name: texts.question.agreeFor(fullName(parent)), exact: true }).count()).toBe(1);
    const onBehalf = page.getByRole('checkbox', { name: texts.question.agreeOnBehalfOf(fullName(child)), exact: true });
    expect(await onBehalf.count()).toBe(1);
    await axeAtBothWidths(page);
  }, 60_000);

  it('6: the club and the season are named on every member screen; access-denied and payment pages give the club contact', async () => {
    const riverside = DEMO_CLUB_PAGES['riverside-ac']!;
    const periodName = (id: number) =>
      knex('membership.membership_periods')
        .where({ id })
        .first('name')
        .then((r) => r.name as string);
    const expectClub = async (page: Page, season: string, contact: boolean) => {
      const identity = page.getByTestId('club-identity');
      await identity.waitFor();
      expect(await identity.textContent()).toBe(`Riverside Athletics Club${season}`);
      const box = page.getByTestId('club-contact');
      expect(await box.count()).toBe(contact ? 1 : 0);
      if (contact) {
        expect(await box.getByRole('link', { name: riverside.contactEmail }).getAttribute('href')).toBe(`mailto:${riverside.contactEmail}`);
        expect(await box.textContent()).toContain(riverside.contactPhone);
      }
    };
    const cy = { firstName: 'Cy', lastName: 'Club', dateOfBirth: '1991-09-09' };
    const { page, member } = await startRegistration('cy', [cy]);
    const season = await periodName(DEMO_PERIOD_ID);
    await expectClub(page, season, true);
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    await expectClub(page, season, true);
    await completeRegistration(page);
    await waitForScreen(page, 'payment');
    await expectClub(page, season, true);
    await axeAtBothWidths(page);

    // The payment return page.
    await page.getByTestId('redirect-notice').getByRole('link', { name: texts.completion.payNow }).click();
    await decideAtCheckout(page, 'Cancel');
    await paymentOutcome(page, 'cancelled');
    await expectClub(page, season, true);
    await axeAtBothWidths(page);

    // Access denied: last season is closed; the page still says whose season and how to reach them.
    await page.goto(registerLink(member.userKey, { periodId: DEMO_PREVIOUS_PERIOD_ID }));
    await page.getByTestId('access-denied').waitFor();
    await expectClub(page, await periodName(DEMO_PREVIOUS_PERIOD_ID), true);
    await axeAtBothWidths(page);
  }, 60_000);

  it('3: a registration awaiting payment is paid from the overview; a family all registered is told so, with no step 1 and no Next', async () => {
    const { page } = browser.tab();
    const persons = [
      { firstName: 'Ola', lastName: 'Open', dateOfBirth: '1978-08-08' },
      { firstName: 'Ida', lastName: 'Open', dateOfBirth: '2012-02-12' },
    ];
    const member = await newMember(knex, 'ola', persons);
    // An order without a registration form (as the club's import or an operator makes them): both Pending Payment.
    const order = await knex.transaction((trx) =>
      createRegistrationOrder(trx, {
        accountId: member.accountId,
        periodId: DEMO_PERIOD_ID,
        today: new Date().toISOString().slice(0, 10),
        persons: [
          { personId: member.personIds[0]!, membershipTypeCode: 'individual', options: [] },
          { personId: member.personIds[1]!, membershipTypeCode: 'junior', options: [] },
        ],
      }),
    );
    if (!order.ok) throw new Error(order.message);

    await page.goto(registerLink(member.userKey));
    const overview = await waitForScreen(page, 'people', 1);
    const heading = page.locator('#step-heading');
    expect(await heading.textContent()).toBe(texts.people.allRegisteredTitle);
    expect(await heading.textContent()).not.toContain(texts.form.stepOf(1, 10));
    expect(await overview.getByRole('button', { name: texts.form.next }).count()).toBe(0);
    const awaiting = page.getByTestId('awaiting-payment');
    await awaiting.waitFor();
    expect(await awaiting.textContent()).toContain(order.order.reference);
    await axeAtBothWidths(page);

    const names = persons.map(fullName).join(', ');
    await awaiting.getByRole('link', { name: texts.people.payFor(names, money(order.order.totalMinor, order.order.currency)) }).click();
    await decideAtCheckout(page, 'Pay');
    await paymentOutcome(page, 'paid');
    expect((await knex('membership.orders').where({ id: order.order.id }).first('status')).status).toBe('paid');

    // Everyone registered and paid: the overview says so, with nothing left to pay.
    await page.goto(registerLink(member.userKey));
    await waitForScreen(page, 'people', 1);
    expect(await page.locator('#step-heading').textContent()).toBe(texts.people.allRegisteredTitle);
    expect(await questionBox(page).textContent()).toContain(texts.people.allRegisteredBody);
    expect(await page.getByTestId('awaiting-payment').count()).toBe(0);
    expect(await questionBox(page).getByRole('button').count()).toBe(0);
  }, 60_000);

  it('1 and 5 (prices): each person sees the price of each membership type, and the types they may not take, with the reason, at the question', async () => {
    const olga = { firstName: 'Olga', lastName: 'Eligible', dateOfBirth: '1976-04-09' };
    const kid = { firstName: 'Kai', lastName: 'Eligible', dateOfBirth: '2015-06-06' };
    const { page, member } = await startRegistration('olga', [olga, kid]);
    await submitStep(page);
    await waitForScreen(page, 'question', 2);

    const optionText = (person: Person, value: string) =>
      page.getByLabel(fullName(person), { exact: true }).locator(`option[value="${value}"]`);
    // Olga may not take Junior; Kai may not take Individual: disabled, with the reason naming them.
    expect(await optionText(olga, 'junior').isDisabled()).toBe(true);
    expect(await optionText(olga, 'junior').textContent()).toBe(texts.question.optionNotAvailable('Junior'));
    const olgaField = questionBox(page).locator(`[data-person-id="${member.personIds[0]}"]`);
    expect(await olgaField.locator('.unavailable-reasons').textContent()).toContain(`Junior is for members aged under 18`);
    expect(await olgaField.locator('.unavailable-reasons').textContent()).toContain(`${fullName(olga)} will be`);
    expect(await optionText(kid, 'individual').isDisabled()).toBe(true);
    expect(await optionText(kid, 'junior').isDisabled()).toBe(false);
    await axeAtBothWidths(page);

    // The server refuses the same at this step, naming the person (not only at the end).
    const processId = await page.evaluate(async () => {
      const r = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query { membershipForm(periodId: 1) { ... on Form { processId } } }' }),
      });
      return ((await r.json()) as { data: { membershipForm: { processId: string } } }).data.membershipForm.processId;
    });
    const refused = await page.evaluate(
      async ({ processId, olgaId, kaiId }) => {
        const r = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query:
              'mutation($i: SubmitFormStepInput!) { submitFormStep(input: $i) { __typename ... on FormError { code rule personId message } } }',
            variables: {
              i: {
                processId,
                step: 2,
                people: [
                  { id: olgaId, answer: 'junior' },
                  { id: kaiId, answer: 'junior' },
                ],
              },
            },
          }),
        });
        return ((await r.json()) as { data: { submitFormStep: Record<string, unknown> } }).data.submitFormStep;
      },
      { processId, olgaId: member.personIds[0]!, kaiId: member.personIds[1]! },
    );
    expect(refused).toMatchObject({
      __typename: 'FormError',
      code: 'ANSWER_INVALID',
      rule: 'MEMBERSHIP_TYPE_NOT_AVAILABLE',
      personId: member.personIds[0],
    });
    expect(refused.message).toContain(fullName(olga));

    // The prices beside the types are what the order charges each person.
    const shown = async (person: Person, value: string) => {
      const text = (await optionText(person, value).textContent()) ?? '';
      const match = /– (.+)$/.exec(text);
      if (!match) throw new Error(`no price in "${text}"`);
      return match[1]!;
    };
    const olgaPrice = await shown(olga, 'individual');
    const kaiPrice = await shown(kid, 'junior');
    await page.getByLabel(fullName(olga), { exact: true }).selectOption('individual');
    await page.getByLabel(fullName(kid), { exact: true }).selectOption('junior');
    await submitStep(page);
    await waitForScreen(page, 'question', 3);
    await completeRegistration(page, 'individual');
    const order = await knex('membership.orders').where({ accountId: member.accountId, status: 'unpaid' }).first('id', 'currency');
    const lines = await knex('membership.order_lines').where({ orderId: order.id }).select('personId', 'kind', 'amountMinor');
    const ownLines = (personId: number) =>
      lines.filter((l) => l.personId === personId && l.kind !== 'insurance').reduce((sum, l) => sum + Number(l.amountMinor), 0);
    expect(money(ownLines(member.personIds[0]!), order.currency)).toBe(olgaPrice);
    expect(money(ownLines(member.personIds[1]!), order.currency)).toBe(kaiPrice);
  }, 60_000);

  it('5: option prices at their question, a running total while answering, and a review of every line before Finish, with "change" links to the question', async () => {
    const dee = { firstName: 'Dee', lastName: 'Review', dateOfBirth: '1987-03-03' };
    const { page, member } = await startRegistration('dee', [dee]);
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    expect(await page.getByTestId('running-total').count()).toBe(0);
    await page.getByLabel(fullName(dee), { exact: true }).selectOption('individual');
    await submitStep(page);
    await waitForScreen(page, 'question', 3);
    const totalNow = async () => ((await page.getByTestId('running-total').locator('strong').textContent()) ?? '').trim();
    const before = await totalNow();
    expect(before).toMatch(/^€\d+\.\d\d$/);

    // Insurance (step 7) raises the total by its price.
    await advanceTo(page, 7);
    // The price is at the option's own question: per person for insurance, once for the magazine.
    expect(await page.getByTestId('option-price').textContent()).toBe(texts.question.optionPrice(money(1200, 'EUR'), 'person'));
    await page.getByRole('checkbox', { name: fullName(dee) }).check();
    await submitStep(page);
    await waitForScreen(page, 'question', 8);
    expect(await page.getByTestId('option-price').textContent()).toBe(texts.question.optionPrice(money(1800, 'EUR'), 'order'));
    const parse = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    expect(parse(await totalNow()) - parse(before)).toBe(1200);

    // The last step is the review: every line, and a way back to the question a line comes from.
    await advanceTo(page, 10);
    const review = page.getByTestId('review');
    expect(await review.getByRole('heading', { name: texts.review.title }).count()).toBe(1);
    const feeLine = review.getByRole('row').filter({ hasText: 'Membership fee individual' });
    expect(await feeLine.count()).toBe(1);
    await axeAtBothWidths(page);
    await feeLine.getByRole('button', { name: /^Change: / }).click();
    await waitForScreen(page, 'question', 2);
    expect(await page.getByLabel(fullName(dee), { exact: true }).inputValue()).toBe('individual');
    await page.getByLabel(fullName(dee), { exact: true }).selectOption('student');
    await submitStep(page);
    await advanceTo(page, 10);
    expect(await review.getByRole('row').filter({ hasText: 'Membership fee student' }).count()).toBe(1);
    const reviewed = ((await review.locator('tfoot .total').textContent()) ?? '').trim();

    // Finish: the order costs what the review said.
    await page.getByRole('checkbox', { name: texts.question.agreeFor(fullName(dee)) }).check();
    await submitStep(page, texts.form.finish);
    await waitForScreen(page, 'payment');
    const order = await knex('membership.orders').where({ accountId: member.accountId, status: 'unpaid' }).first('totalMinor', 'currency');
    expect(money(Number(order.totalMinor), order.currency)).toBe(reviewed);
  }, 90_000);

  it('4: a cancelled payment, then changed answers: the same order and reference unless the price changes', async () => {
    const eve = { firstName: 'Eve', lastName: 'Keep', dateOfBirth: '1984-04-04' };
    const { page, member } = await startRegistration('eve', [eve]);
    await submitStep(page);
    await completeRegistration(page);
    await waitForScreen(page, 'payment');
    const notice = page.getByTestId('redirect-notice');
    await notice.getByRole('link', { name: texts.completion.payNow }).click();
    await decideAtCheckout(page, 'Cancel');
    const cancelled = await paymentOutcome(page, 'cancelled');
    const first = ((await cancelled.locator('.reference').textContent()) ?? '').trim();
    await cancelled.getByRole('link', { name: texts.payment.backToRegistration }).click();
    await waitForScreen(page, 'payment');

    const changeAnswers = async () => {
      // (Within the 5 s before the redirect to the payment page; the button also stops it.)
      await questionBox(page).getByRole('button', { name: texts.completion.changeAnswers }).click();
      await waitForScreen(page, 'question', 10);
    };
    const finishAndReadReference = async () => {
      await submitStep(page, texts.form.finish);
      await waitForScreen(page, 'payment');
      return ((await questionBox(page).locator('.reference').first().textContent()) ?? '').trim();
    };
    const orders = () => knex('membership.orders').where({ accountId: member.accountId }).orderBy('id').select('reference', 'status');

    // Back to the questions and finished again with the same answers: the same order.
    await changeAnswers();
    expect(await page.getByTestId('review').count()).toBe(1);
    expect(await finishAndReadReference()).toBe(first);
    expect(await orders()).toEqual([{ reference: first, status: 'unpaid' }]);

    // A change of the membership type changes the price: a new order, the earlier one cancelled.
    await changeAnswers();
    await page
      .getByTestId('review')
      .getByRole('row')
      .filter({ hasText: 'Membership fee individual' })
      .getByRole('button', { name: /^Change: / })
      .click();
    await waitForScreen(page, 'question', 2);
    await page.getByLabel(fullName(eve), { exact: true }).selectOption('student');
    await submitStep(page);
    await advanceTo(page, 10);
    const second = await finishAndReadReference();
    expect(second).not.toBe(first);
    expect(await orders()).toEqual([
      { reference: first, status: 'cancelled' },
      { reference: second, status: 'unpaid' },
    ]);
    await axeAtBothWidths(page);
  }, 90_000);
});
