import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import type { Locator, Page } from 'playwright-core';
import { LOCALE, texts } from '../../../portal-web/src/lib/texts';
import { signMd5Link } from '../../support/demo';
import { createRiversideMember } from '../../support/members';
import { e2eContext } from '../../support/stackContext';

export { texts };

/** The screens of `.form-step[data-screen]` (portal-web/src/lib/process.ts). */
export type Screen = 'resumeChoice' | 'people' | 'question' | 'payment' | 'manualPayment' | 'completed' | 'cancelled';

export type Person = { firstName: string; lastName: string; dateOfBirth: string };

/** The router as the browser sees it: tenant 1 (the demo club network) is `localhost`. */
export function portalOrigin(port = e2eContext().ports.router): string {
  return `http://localhost:${port}`;
}

/** A signed registration link of tenant 1, as the club's website makes it (md5 of secret + key). */
export function registerLink(userKey: string, options: { periodId?: number; port?: number } = {}): string {
  const { u, h } = signMd5Link(e2eContext().secrets.customerSecret, userKey);
  const url = new URL(`/membership/register/${options.periodId ?? 1}`, portalOrigin(options.port));
  url.searchParams.set('u', u);
  url.searchParams.set('h', h);
  return url.toString();
}

/** A new member of the demo club with a user key of its own, so test runs share no state. */
export async function newMember(knex: Knex, name: string, persons: Person[]) {
  const userKey = `${name}.${randomUUID().slice(0, 8)}`;
  return { ...(await createRiversideMember(knex, userKey, persons)), persons };
}

/** A date of birth as a person reads it on the page, e.g. "2 April 1988". */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** An amount in cents as the price table shows it, e.g. "€120.00" or "-€12.00". */
export function money(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2 }).format(amountMinor / 100);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

export function formStep(page: Page): Locator {
  return page.locator('.form-step');
}

export function questionBox(page: Page): Locator {
  return page.getByTestId('question-box');
}

/** Waits until the form shows `screen` (at `step`, when given). */
export async function waitForScreen(page: Page, screen: Screen, step?: number): Promise<Locator> {
  const selector = `.form-step[data-screen="${screen}"]${step === undefined ? '' : `[data-step="${step}"]`}`;
  const locator = page.locator(selector);
  await locator.waitFor();
  return locator;
}

export async function currentStep(page: Page): Promise<{ step: number; screen: Screen; state: string }> {
  const step = formStep(page);
  await step.waitFor();
  return {
    step: Number(await step.getAttribute('data-step')),
    screen: (await step.getAttribute('data-screen')) as Screen,
    state: (await step.getAttribute('data-state')) ?? '',
  };
}

/** The question's heading text (the question itself on a question step). */
export async function stepTitle(page: Page): Promise<string> {
  return (await formStep(page).locator('.step-title').textContent()) ?? '';
}

/** Clicks Next (or "Finish registration") and waits until the form has moved on. */
export async function submitStep(page: Page, label: string = texts.form.next): Promise<void> {
  const before = await currentStep(page);
  await questionBox(page).getByRole('button', { name: label, exact: true }).click();
  await page.waitForFunction(
    ({ step, screen }) => {
      const el = document.querySelector('.form-step');
      return el !== null && (el.getAttribute('data-step') !== String(step) || el.getAttribute('data-screen') !== screen);
    },
    { step: before.step, screen: before.screen },
  );
}

/** The error texts shown next to the fields (and for the question as a whole). */
export async function fieldErrors(page: Page): Promise<string[]> {
  return (await questionBox(page).locator('.field-error').allTextContents()).map((t) => t.trim());
}

/**
 * Gives a valid answer for every visible person of the current question, whatever its type:
 * the first choice (or `membershipType` where offered), ticked boxes, a phone number for a
 * required text, nothing for an optional text or number.
 */
export async function answerCurrentQuestion(page: Page, membershipType = 'individual'): Promise<void> {
  const box = questionBox(page);
  const required = ((await box.locator('.required-hint').textContent()) ?? '').trim() === texts.form.requiredHint;
  for (const field of await box.locator('.answers > [data-person-id]').all()) {
    const select = field.locator('select');
    const radios = field.getByRole('radio');
    const checkbox = field.getByRole('checkbox');
    if (await select.count()) {
      const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      await select.selectOption(values.includes(membershipType) ? membershipType : values.find(Boolean)!);
    } else if (await radios.count()) {
      await radios.first().check();
    } else if (await checkbox.count()) {
      await checkbox.check();
    } else if (required) {
      await field.getByRole('textbox').fill('+44 20 7946 0000');
    }
  }
}

/** From the person overview (or a question) to the completion screen, answering everything. */
export async function completeRegistration(page: Page, membershipType = 'individual'): Promise<void> {
  for (let guard = 0; guard < 20; guard += 1) {
    const { screen, step, state } = await currentStep(page);
    if (screen === 'payment') return;
    if (screen === 'people') {
      for (const box of await questionBox(page).getByRole('checkbox', { disabled: false }).all()) await box.check();
    } else if (screen === 'question') {
      await answerCurrentQuestion(page, membershipType);
    } else {
      throw new Error(`completeRegistration: unexpected screen ${screen} at step ${step} (${state})`);
    }
    const last = await questionBox(page).getByRole('button', { name: texts.form.finish, exact: true }).count();
    await submitStep(page, last ? texts.form.finish : texts.form.next);
  }
  throw new Error('completeRegistration: the form did not reach the payment screen');
}

/** Uses the built-in provider's hosted checkout page (membership subgraph) as a payer would. */
export async function decideAtCheckout(page: Page, decision: 'Pay' | 'Fail' | 'Cancel'): Promise<void> {
  await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
  await page.getByRole('button', { name: decision, exact: true }).click();
  await page.waitForURL(/\/membership\/payment-return\?/);
}

/** The payment-return page once the server has answered: `[data-outcome]`. */
export async function paymentOutcome(page: Page, outcome?: string): Promise<Locator> {
  const locator = page.locator(outcome ? `[data-outcome="${outcome}"]` : '[data-outcome]');
  await locator.waitFor();
  return locator;
}
