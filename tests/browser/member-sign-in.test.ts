import { createKnex, type Knex } from '@ems/db';
import type { Page } from 'playwright-core';
import { DEMO_HMAC_PERIOD_ID, DEMO_MEMBER_OIDC } from '@ems/membership/demo';
import { configureMemberOidc, MEMBER_OIDC_HOST } from '../support/memberSignIn';
import { e2eContext } from '../support/stackContext';
import { axeViolations } from './support/axe';
import { screenshots, usePortalBrowser, VIEWPORTS } from './support/browser';
import { answerCurrentQuestion, currentStep, questionBox, submitStep, texts, waitForScreen } from './support/portal';

/**
 * Contract rule 12 (issue 23) in the browser: on Hillside's portal (member sign-in with the demo
 * provider) a member without a link chooses; continues anonymously, gives their own details,
 * answers the first questions, then signs in with the club's provider and finds the
 * registration where they left it.
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  await configureMemberOidc(knex);
});
afterAll(async () => {
  await knex.destroy();
});

async function axeAtBothWidths(page: Page): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page)).toEqual([]);
  }
}

const MIKA = { firstName: 'Mika', lastName: 'Moss', dateOfBirth: '1993-08-14', email: 'mika.moss@example.org' };

describe('rule 12: sign in or continue anonymously', () => {
  it('continues anonymously, answers the first questions, signs in with Club ID and finds the registration in progress', async () => {
    const { page } = browser.tab();
    await page.goto(`http://${MEMBER_OIDC_HOST}:${ctx.ports.router}/membership/register/${DEMO_HMAC_PERIOD_ID}`);
    const choice = page.getByTestId('sign-in-choice');
    await choice.waitFor();
    expect(await page.getByTestId('access-denied').count()).toBe(0);
    const signIn = choice.getByRole('link', { name: texts.memberSignIn.signInWith(DEMO_MEMBER_OIDC.displayName) });
    expect(await signIn.isVisible()).toBe(true);
    await axeAtBothWidths(page);
    await screenshots(page, 'member-sign-in-choice');

    await choice.getByRole('button', { name: texts.memberSignIn.continueAnonymously }).click();
    const details = page.getByTestId('own-details');
    await details.waitFor();
    await axeAtBothWidths(page);
    await screenshots(page, 'member-own-details');
    // Nothing entered: each field says what is missing, and nothing is saved.
    await details.getByRole('button', { name: texts.memberSignIn.ownDetails.save }).click();
    expect(await details.locator('.field-error').count()).toBe(4);
    await page.getByLabel(texts.memberSignIn.ownDetails.firstName).fill(MIKA.firstName);
    await page.getByLabel(texts.memberSignIn.ownDetails.lastName).fill(MIKA.lastName);
    await page.getByLabel(texts.memberSignIn.ownDetails.dateOfBirth).fill(MIKA.dateOfBirth);
    await page.getByLabel(texts.memberSignIn.ownDetails.email).fill(MIKA.email);
    await details.getByRole('button', { name: texts.memberSignIn.ownDetails.save }).click();

    await waitForScreen(page, 'people', 1);
    await page.getByLabel('Mika Moss', { exact: true }).check();
    await submitStep(page);
    await waitForScreen(page, 'question', 2);
    await answerCurrentQuestion(page);
    await submitStep(page);
    const reached = await currentStep(page);
    expect(reached.step).toBe(3);
    const keep = page.getByRole('link', { name: texts.memberSignIn.keepRegistration });
    expect(await keep.isVisible()).toBe(true);
    await axeAtBothWidths(page);
    await screenshots(page, 'member-anonymous-question');

    // Signing in: the demo provider's form, then back on the portal.
    await keep.click();
    await page.getByLabel('Username', { exact: true }).fill('mika');
    await page.getByLabel('Password', { exact: true }).fill(ctx.secrets.demoIdpPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.locator('.form-step').waitFor();
    if ((await currentStep(page)).screen === 'resumeChoice') {
      await page.getByRole('button', { name: texts.resume.resume, exact: true }).click();
    }
    const after = await waitForScreen(page, 'question', 3);
    expect(await after.textContent()).toContain('Mika Moss');
    expect(await page.getByRole('link', { name: texts.memberSignIn.keepRegistration }).count()).toBe(0);
    expect(await questionBox(page).count()).toBe(1);

    // The registration is the signed-in member's now: the account of the provider's subject.
    const account = await knex('membership.accounts')
      .where({ registrationSystemId: DEMO_MEMBER_OIDC.registrationSystemId, externalUserId: 'demo-idp-mika' })
      .first('id');
    const open = await knex('forms.processInstances')
      .where({ accountId: account.id, periodId: DEMO_HMAC_PERIOD_ID })
      .first('step', 'state');
    expect(open).toMatchObject({ step: 3 });
  }, 90_000);

  it('without member sign-in, a visit without a link is still refused (Riverside, localhost)', async () => {
    const { page } = browser.tab();
    await page.goto(`http://localhost:${ctx.ports.router}/membership/register/1`);
    await page.getByTestId('access-denied').waitFor();
    expect(await page.getByTestId('sign-in-choice').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('error')).toBe('Missing security verification parameters');
  });
});
