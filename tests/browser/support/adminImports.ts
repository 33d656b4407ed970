import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import type { Locator, Page } from 'playwright-core';
import { connectPersons, createEvent } from '../../../subgraphs/membership/src/testing/fixtures';
import { e2eContext } from '../../support/stackContext';
import { axeViolations } from './axe';
import { VIEWPORTS } from './browser';

/**
 * The admin portal's import pages as an operator uses them in the browser: sign-in at the demo
 * OpenID provider, the upload screens, the common host's stages and the summaries (by their
 * data-testid and data-* attributes, portal-web/src/admin/imports), and the data the tests start
 * from (events, source systems, persons), each test's own.
 */
export const ADMIN = () => `http://localhost:${e2eContext().ports.adminRouter}`;

export async function signInOperator(page: Page, username = 'olga'): Promise<void> {
  await page.goto(ADMIN());
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(e2eContext().secrets.demoIdpPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-tenant').waitFor();
}

/** axe (WCAG 2.0/2.1 A and AA) finds nothing at phone and desktop width. */
export async function expectNoAxeViolationsAtBothWidths(page: Page): Promise<void> {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

export async function riversideId(knex: Knex): Promise<number> {
  return ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
}

/** A new event of Riverside with the default categories (M, W, M40, W40, U18), named for the test. */
export async function newEvent(knex: Knex, name: string): Promise<{ id: number; name: string; categories: Record<string, number> }> {
  const fullName = `${name} ${randomUUID().slice(0, 6)}`;
  const event = await createEvent(knex, await riversideId(knex), { name: fullName });
  return { id: event.id, name: fullName, categories: event.categories };
}

export async function newSourceSystem(knex: Knex, name: string): Promise<{ id: number; name: string }> {
  const fullName = `${name} ${randomUUID().slice(0, 6)}`;
  const [row] = await knex('imports.sourceSystems')
    .insert({ registrationSystemId: 1, organisationId: await riversideId(knex), name: fullName, isSelf: false })
    .returning('id');
  return { id: (row as { id: number }).id, name: fullName };
}

/** A person Riverside knows (a participant of an earlier event): its imports find them. */
export async function insertPerson(knex: Knex, firstName: string, lastName: string, dateOfBirth: string): Promise<number> {
  const [row] = await knex('membership.persons').insert({ registrationSystemId: 1, firstName, lastName, dateOfBirth }).returning('id');
  const id = (row as { id: number }).id;
  await connectPersons(knex, await riversideId(knex), [id]);
  return id;
}

/** Every GraphQL operation the page sends, by name, as they happen. */
export function graphqlOperations(page: Page): { count(name: string): number } {
  const names: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    if (body?.operationName) names.push(body.operationName);
  });
  return { count: (name) => names.filter((n) => n === name).length };
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Chooses the file on an upload screen and waits for its preview. */
export async function chooseFile(page: Page, file: UploadFile): Promise<Locator> {
  await page.getByLabel('File (CSV or XLSX)', { exact: true }).setInputFiles(file);
  const preview = page.getByTestId('file-preview');
  await preview.waitFor();
  return preview;
}

/** Submits the upload screen; answers the job's id once the host shows it. */
export async function submitUpload(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Upload and start' }).click();
  await page.waitForURL(/\/imports\/[0-9a-f-]{36}$/);
  await page.getByTestId('import-host').waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * The host once it shows `stage` with the stage's own data loaded (the worker may take a moment:
 * the host polls every 2 s).
 */
export async function hostAt(page: Page, stage: string): Promise<Locator> {
  const host = page.locator(`[data-testid="import-host"][data-stage="${stage}"]`);
  await host.getByTestId(`stage-${stage}`).waitFor({ timeout: 30_000 });
  return host;
}

/** The flow's summary once the host has gone there, with its header's state. */
export async function summaryOf(page: Page, callerKey: string, jobId: string): Promise<{ summary: Locator; state: string | null }> {
  await page.waitForURL(`${ADMIN()}/imports/${callerKey}/${jobId}`, { timeout: 30_000 });
  const summary = page.getByTestId('import-summary');
  await summary.waitFor();
  return { summary, state: await page.getByTestId('summary-state').getAttribute('data-state') };
}

/** Picks the option of a select whose text matches (the cells stage's labels carry codes and names). */
export async function selectOptionMatching(select: Locator, text: RegExp): Promise<void> {
  const value = await select.locator('option').filter({ hasText: text }).first().getAttribute('value');
  if (value === null) throw new Error(`no option matching ${text}`);
  await select.selectOption(value);
}

/** Confirms the modal dialog a destructive button opened. */
export async function confirmDialog(page: Page, confirmLabel: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirmLabel }).click();
}
