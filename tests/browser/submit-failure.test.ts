import { createKnex, type Knex } from '@ems/db';
import type { Page } from 'playwright-core';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser } from './support/browser';
import { startFaultyForms } from './support/faultyForms';
import { fullName, newMember, questionBox, registerLink, submitStep, texts, waitForScreen } from './support/portal';

/**
 * Contract "Errors", form submission failure: the client hides the question box and shows an
 * error message (severity error, five seconds) with the error's message or a default text; and
 * "Limits": the client time-out for next is 15 seconds. The failures come from the forms
 * subgraph, behind a router of their own (support/faultyForms.ts).
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;
let faulty: Awaited<ReturnType<typeof startFaultyForms>>;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  faulty = await startFaultyForms();
});
afterAll(async () => {
  await faulty?.stop();
  await knex.destroy();
});

/** A new member at the membership-type question (step 2), the answer chosen but not sent. */
async function atMembershipQuestion(page: Page, name: string) {
  const member = await newMember(knex, name, [{ firstName: 'Sam', lastName: name, dateOfBirth: '1987-07-07' }]);
  const person = fullName(member.persons[0]!);
  await page.goto(registerLink(member.userKey, { port: faulty.router.port }));
  await waitForScreen(page, 'people', 1);
  await page.getByLabel(person, { exact: true }).check();
  await submitStep(page);
  await waitForScreen(page, 'question', 2);
  await page.getByLabel(person, { exact: true }).selectOption('individual');
  return person;
}

type RecordingWindow = { __questionBoxHidden: Array<[number, boolean]> };

/**
 * Notes in the page when the question box is hidden and shown again (the page's own clock), so
 * that the 5 s are measured where they happen, whatever the test does meanwhile.
 */
async function recordQuestionBoxVisibility(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as RecordingWindow;
    w.__questionBoxHidden = [];
    new MutationObserver((records) => {
      for (const record of records) {
        const el = record.target as HTMLElement;
        if (el.dataset?.testid === 'question-box') w.__questionBoxHidden.push([performance.now(), el.hidden]);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
  });
}

/**
 * Stops the page's (installed) clock where it is: its timers fire only when the test says so.
 * The page's clock runs on while the test asks it the time, and pausing in its past is refused:
 * a loaded machine took more than a millisecond for that round trip, so the pause is 50 ms
 * ahead (well inside every assertion's slack), and asked again should the page still pass it.
 */
async function pauseClock(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('fast-forward to the past')) throw err;
    }
  }
}

async function clickNext(page: Page) {
  await questionBox(page).getByRole('button', { name: texts.form.next }).click();
}

function errorNotice(page: Page) {
  return page.locator('.form-step').getByRole('alert').filter({ hasText: /\S/ });
}

/** While the failure shows: the question box is hidden, the message is an alert. */
async function expectFailureShown(page: Page, message: string) {
  await errorNotice(page).waitFor();
  expect(await errorNotice(page).textContent()).toBe(`${texts.notice.error}: ${message}`);
  expect(await questionBox(page).isHidden()).toBe(true);
  expect(await page.locator('.form-step').textContent()).toContain(texts.form.showQuestionAgainIn);
}

/** The question is back, with the answer as it was, and sending it again works. */
async function expectQuestionBackAndRetryWorks(page: Page, person: string) {
  expect(await questionBox(page).isVisible()).toBe(true);
  expect(await errorNotice(page).count()).toBe(0);
  expect(await page.getByLabel(person, { exact: true }).inputValue()).toBe('individual');
  await submitStep(page);
  await waitForScreen(page, 'question', 3);
}

describe('a failed "next" in the browser', () => {
  it('a server failure hides the question box and shows the default error text for 5 s', async () => {
    const { page } = browser.tab();
    await recordQuestionBoxVisibility(page);
    const person = await atMembershipQuestion(page, 'Fivesec');
    const before = faulty.hits();
    faulty.failNext({ kind: 'http500' });
    await clickNext(page);
    await expectFailureShown(page, texts.form.submitFailedDefault);
    expect(faulty.hits()).toBe(before + 1);
    await screenshots(page, 'submit-failed');
    expect(await axeViolations(page)).toEqual([]);

    await questionBox(page).waitFor({ state: 'visible', timeout: 8_000 });
    const changes = await page.evaluate(() => (window as unknown as RecordingWindow).__questionBoxHidden);
    expect(changes.map(([, hidden]) => hidden)).toEqual([true, false]);
    const shownFor = changes[1]![0] - changes[0]![0];
    expect(shownFor).toBeGreaterThanOrEqual(4_900);
    expect(shownFor).toBeLessThan(6_000);
    await expectQuestionBackAndRetryWorks(page, person);
  }, 45_000);

  it('a FormError the portal has no text for shows the service’s message', async () => {
    const { page } = browser.tab();
    await page.clock.install();
    const person = await atMembershipQuestion(page, 'Message');
    const message = 'The club office is closing the registrations for maintenance until 18:00.';
    faulty.failNext({ kind: 'formError', code: 'CLUB_MAINTENANCE', message });
    await clickNext(page);
    await expectFailureShown(page, message);
    await pauseClock(page);
    await page.clock.fastForward(4_000);
    expect(await questionBox(page).isHidden()).toBe(true);
    await page.clock.fastForward(1_100);
    await questionBox(page).waitFor({ state: 'visible' });
    await page.clock.resume();
    await expectQuestionBackAndRetryWorks(page, person);
  }, 45_000);

  it('no answer within 15 s: the request is given up and the time-out message shows for 5 s', async () => {
    const { page } = browser.tab();
    await page.clock.install();
    const person = await atMembershipQuestion(page, 'Timeout');
    const before = faulty.hits();
    faulty.failNext({ kind: 'hang' });
    await clickNext(page);
    await pauseClock(page);
    await questionBox(page).getByRole('button', { name: texts.form.submitting }).waitFor();
    for (let i = 0; i < 100 && faulty.hits() === before; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(faulty.hits()).toBe(before + 1);

    await page.clock.fastForward(14_000);
    expect(await errorNotice(page).count()).toBe(0);
    expect(await questionBox(page).getByRole('button', { name: texts.form.submitting }).count()).toBe(1);
    await page.clock.fastForward(1_500);
    await expectFailureShown(page, texts.form.submitTimedOut);
    await page.clock.fastForward(5_100);
    await questionBox(page).waitFor({ state: 'visible' });
    await page.clock.resume();
    await expectQuestionBackAndRetryWorks(page, person);
  }, 45_000);
});
