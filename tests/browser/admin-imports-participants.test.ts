import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { createKnex, type Knex } from '@ems/db';
import { e2eContext } from '../support/stackContext';
import { screenshots, usePortalBrowser } from './support/browser';
import {
  ADMIN,
  chooseFile,
  confirmDialog,
  expectNoAxeViolationsAtBothWidths,
  graphqlOperations,
  hostAt,
  insertPerson,
  newEvent,
  newSourceSystem,
  riversideId,
  selectOptionMatching,
  signInOperator,
  submitUpload,
  summaryOf,
} from './support/adminImports';

/**
 * The event-participant import in the admin portal, in Debian's Chromium through the real
 * processes (admin router, demo OpenID provider, imports service and its worker, membership):
 * the upload screen (source system, template-variant picker in its three states, the preview
 * with its encoding and delimiter), the common host at /imports/<uuid> (columns, cells, the
 * fingerprint warning, processing; polling, and reloads), and the summary (typed outcomes,
 * panels, failed rows, undo).
 */
const browser = usePortalBrowser();
let knex: Knex;
let source: { id: number; name: string };

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  source = await newSourceSystem(knex, 'BrowserTiming');
  // Persons born on days no other test uses: an exact match and a likely one (a merge candidate).
  await insertPerson(knex, 'Hedwig', 'Sauerbruch', '1951-02-03');
  await insertPerson(knex, 'Jonas', 'Pfeiffer', '1953-08-21');
});
afterAll(() => knex.destroy());

// A timing company's Excel export on a German Windows: `;`, Windows-1252, day-first dates. "Given"
// is no known name for the first name (the columns stage asks); "Senioren" is no category (the
// cells stage asks); T-Shirt feeds nothing (F9).
const HEADER = 'Athlete ID;Given;Nachname;Geburtsdatum;Startnummer;Klasse;T-Shirt;E-Mail';
const file = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: iconv.encode([HEADER, ...lines].join('\r\n'), 'windows-1252'),
});
const TIMING_FILE = file('timing.csv', [
  'BT-1;Hedwig;Sauerbruch;03.02.1951;11;W;M;hedwig@example.org', // exact
  'BT-2;Anselm;Kräuter;14.03.1952;12;Senioren;L;', // the value the operator maps
  'BT-3;Jonathan;Pfeifer;21.08.1953;13;M;S;', // likely only: a new person and a merge candidate
  'BT-4;Max;Fehler;31.02.1990;14;M;L;', // not a date
  'BT-5;;Leer;01.01.1999;15;W;M;', // no first name
]);
// The keys of the first file on other persons' rows: the fingerprint check stops it.
const SWAPPED_FILE = file(
  'swapped.csv',
  Array.from({ length: 12 }, (_, i) => `${i % 2 ? 'BT-1' : 'BT-2'};Someone${i};Else${i};0${(i % 9) + 1}.01.1960;${100 + i};M;M;`),
);

/** The swapped file uploaded into a new event, as far as the fingerprint warning. */
async function swappedFileAtTheWarning(page: Page, event: string | { id: number }): Promise<string> {
  const target = typeof event === 'string' ? await newEvent(knex, event) : event;
  await signInOperator(page);
  await page.goto(`${ADMIN()}/imports/event-participants`);
  await page.getByLabel('Source system', { exact: true }).selectOption({ label: source.name });
  await page.getByLabel('Event', { exact: true }).selectOption(String(target.id));
  await page.getByLabel(/^Trust the keys/).check();
  await chooseFile(page, SWAPPED_FILE);
  const jobId = await submitUpload(page);
  await hostAt(page, 'verifying');
  return jobId;
}

describe('the event-participant import in the admin portal', () => {
  let firstJob: string;

  it('goes from the upload screen through columns and cells to its summary', async () => {
    const { page } = browser.tab();
    const operations = graphqlOperations(page);
    const event = await newEvent(knex, 'Harbour Run');
    await signInOperator(page);

    // The upload screen: the source system has no saved column layout yet.
    await page.goto(`${ADMIN()}/imports/event-participants`);
    await page.getByLabel('Source system', { exact: true }).selectOption({ label: source.name });
    expect(await page.getByTestId('variant-picker').getAttribute('data-variant-state')).toBe('none');
    await page.getByLabel('Event', { exact: true }).selectOption(String(event.id));
    await page.getByLabel(/^Trust the keys/).check();
    const preview = await chooseFile(page, TIMING_FILE);
    expect(await preview.getAttribute('data-encoding')).toBe('windows-1252');
    expect(await preview.getAttribute('data-delimiter')).toBe('semicolon');
    expect(await preview.locator('tbody tr').count()).toBe(5);
    expect(await preview.locator('tbody tr').nth(1).textContent()).toContain('Kräuter');

    // Read as UTF-8 instead, the umlaut breaks: the preview is read as the import would read it.
    await page.getByLabel('Encoding', { exact: true }).selectOption('utf-8');
    await page.locator('[data-testid="file-preview"][data-encoding="utf-8"]').waitFor();
    expect(await page.getByTestId('file-preview').locator('tbody tr').nth(1).textContent()).toContain('Kr\ufffduter');
    await page.getByLabel('Encoding', { exact: true }).selectOption('');
    await page.locator('[data-testid="file-preview"][data-encoding="windows-1252"]').waitFor();
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-import-upload');
    firstJob = await submitUpload(page);

    // Columns: "Given" is matched by the operator, E-Mail ignored. A reload shows the same stage.
    let host = await hostAt(page, 'columns');
    const polledBefore = operations.count('ImportHostState');
    await sleep(4500);
    expect(operations.count('ImportHostState') - polledBefore).toBeGreaterThanOrEqual(2);
    await page.reload();
    host = await hostAt(page, 'columns');
    const nachname = host.locator('tr[data-column="Nachname"]');
    expect(await nachname.locator('td').last().textContent()).toBe('a known alternative name');
    expect(await page.getByTestId('columns-problems').textContent()).toContain('Required fields without a column: First name.');
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-import-columns');
    await page.getByLabel('Given', { exact: true }).selectOption('firstName');
    await page.getByLabel('E-Mail', { exact: true }).selectOption('');
    expect(await page.getByTestId('columns-problems').textContent()).toBe('Every required field has a column.');
    await page.getByRole('button', { name: 'Use these columns' }).click();

    // Cells: "Senioren" is asked once (one row has it), and means Men 40+.
    host = await hostAt(page, 'cells');
    await page.reload();
    host = await hostAt(page, 'cells');
    const asked = host.locator('tr[data-value]');
    expect(await asked.count()).toBe(1);
    expect(await asked.getAttribute('data-value')).toBe('Senioren');
    await expectNoAxeViolationsAtBothWidths(page);
    await selectOptionMatching(page.getByLabel('Senioren', { exact: true }), /^M40/);
    await page.getByRole('button', { name: 'Use these values' }).click();

    // The host goes to the flow's summary by the caller key once the job has ended.
    const { summary, state } = await summaryOf(page, 'event-participants', firstJob);
    expect(state).toBe('COMPLETED');
    expect(await page.getByTestId('summary-state').textContent()).toBe('Import completed');
    const counts = summary.getByTestId('counts');
    expect(await counts.locator('[data-count="rows"] dd').textContent()).toBe('5');
    expect(await counts.locator('[data-count="created"] dd').textContent()).toBe('3');
    expect(await counts.locator('[data-count="failed"] dd').textContent()).toBe('2');
    expect(await summary.getByTestId('ignored-columns').locator('li').allTextContents()).toEqual(['T-Shirt', 'E-Mail']);
    const merge = summary.getByTestId('merge-candidates');
    expect(await merge.locator('li').count()).toBe(1);
    expect(await merge.locator('li').textContent()).toBe('Row 4: Jonathan Pfeifer (1953-08-21) may be Jonas Pfeiffer (1953-08-21)');

    // The per-row table opens on the failed rows, typed; "All rows" shows every row.
    const table = summary.getByTestId('row-results');
    expect(await table.getAttribute('data-filter')).toBe('FAILED');
    const failed = table.locator('tbody tr');
    await failed.first().waitFor();
    expect(await failed.count()).toBe(2);
    expect(await failed.evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-row'), r.getAttribute('data-category')]))).toEqual([
      ['5', 'FAILED'],
      ['6', 'FAILED'],
    ]);
    expect(await failed.nth(1).textContent()).toContain('First name is empty');
    await table.getByLabel('Show', { exact: true }).selectOption('ALL');
    await table.locator('tbody tr[data-row="2"]').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('tbody tr[data-row="2"]').textContent()).toContain('Hedwig Sauerbruch');

    // The failed rows download, as the browser gets it through the router.
    const href = await summary.getByTestId('failed-rows-download').getAttribute('href');
    expect(href).toBe(`/services/admin-service/api/imports/${firstJob}/failed-rows.csv`);
    const csv = await page.evaluate((url) => fetch(url).then((r) => r.text()), href!);
    expect(csv).toContain('First name is empty');
    expect(await summary.getByTestId('undo').getByRole('button', { name: 'Undo the import' }).count()).toBe(1);
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-import-summary');

    // Ended: the host polls no more. A reload of /imports/<uuid> goes to the summary again.
    const polledAtEnd = operations.count('ImportHostState');
    await sleep(5000);
    expect(operations.count('ImportHostState')).toBe(polledAtEnd);
    await page.goto(`${ADMIN()}/imports/${firstJob}`);
    expect((await summaryOf(page, 'event-participants', firstJob)).state).toBe('COMPLETED');
    expect(operations.count('ImportHostState')).toBe(polledAtEnd + 1);
  }, 180_000);

  it('recognises the saved column layout, and stops at the fingerprint warning: acknowledged, then undone', async () => {
    const { page } = browser.tab();
    const event = await newEvent(knex, 'Harbour Relay');
    await signInOperator(page);

    // One saved layout (remembered from the first file): chosen and shown.
    await page.goto(`${ADMIN()}/imports/event-participants`);
    await page.getByLabel('Source system', { exact: true }).selectOption({ label: source.name });
    const picker = page.getByTestId('variant-picker');
    expect(await picker.getAttribute('data-variant-state')).toBe('one');
    const rememberedKey = await picker.getAttribute('data-variant');

    // Several: the operator picks; the one the file's header is recognised by comes preselected.
    await knex('imports.templateVariants').insert({
      sourceSystemId: source.id,
      importType: 'EVENT_PARTICIPANT',
      key: 'results-layout',
      name: 'Another layout',
      header: ['Startnummer', 'Zeit'],
    });
    await page.reload();
    await page.getByLabel('Source system', { exact: true }).selectOption({ label: source.name });
    expect(await picker.getAttribute('data-variant-state')).toBe('several');
    expect(await page.getByLabel('Saved column layout', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Event', { exact: true }).selectOption(String(event.id));
    await page.getByLabel(/^Trust the keys/).check();
    await chooseFile(page, SWAPPED_FILE);
    await page.getByTestId('variant-recognised').waitFor();
    expect(await page.getByLabel('Saved column layout', { exact: true }).inputValue()).toBe(rememberedKey);
    await expectNoAxeViolationsAtBothWidths(page);
    const jobId = await submitUpload(page);

    // The layout answers the columns and the cells: the job goes on to the check and stops there.
    const host = await hostAt(page, 'verifying');
    expect(await host.getByTestId('fingerprint-warning').locator('[data-code]').getAttribute('data-code')).toBe('KEYS_MATCH_OTHER_PERSONS');
    const sample = host.getByTestId('sample').locator('tbody tr');
    expect(await sample.count()).toBe(12);
    expect(await sample.first().locator('mark').count()).toBeGreaterThan(0);
    await page.reload();
    await hostAt(page, 'verifying');
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-import-fingerprint-warning');
    await page.getByRole('button', { name: 'Import it anyway' }).click();
    expect((await summaryOf(page, 'event-participants', jobId)).state).toBe('COMPLETED');

    // Undo: asked once more, the host follows the worker, and the summary says what it did.
    await page.getByRole('button', { name: 'Undo the import' }).click();
    await confirmDialog(page, 'Yes, undo the import');
    await page.waitForURL(`${ADMIN()}/imports/${jobId}`);
    expect((await summaryOf(page, 'event-participants', jobId)).state).toBe('UNDONE');
    expect(await page.getByTestId('summary-state').textContent()).toBe('Import undone');
    await page.getByTestId('undo-details').waitFor();
    expect(await page.getByRole('button', { name: 'Undo the import' }).count()).toBe(0);
    expect(await knex('membership.participants').where({ eventId: event.id }).count()).toEqual([{ count: '0' }]);
  }, 180_000);

  it('a fingerprint warning aborted is shown as FAILED', async () => {
    const { page } = browser.tab();
    const jobId = await swappedFileAtTheWarning(page, 'Harbour Walk');
    await page.getByRole('button', { name: 'Stop: do not import' }).click();
    await confirmDialog(page, 'Yes, stop the import');
    const { summary, state } = await summaryOf(page, 'event-participants', jobId);
    expect(state).toBe('FAILED');
    expect(await page.getByTestId('summary-state').textContent()).toBe('Import failed');
    expect(await summary.getByTestId('summary-error').textContent()).toContain('Stopped at the fingerprint warning');
    expect(await knex('imports.importJobs').where({ id: jobId }).first('state')).toEqual({ state: 'FINGERPRINT_ABORT' });
    expect(await summary.getByTestId('undo').count()).toBe(0);
    await expectNoAxeViolationsAtBothWidths(page);
  }, 120_000);

  it('cancels during processing, after a confirmation', async () => {
    const { page } = browser.tab();
    const event = await newEvent(knex, 'Harbour Swim');
    const jobId = await swappedFileAtTheWarning(page, event);
    // The worker's chunk waits for the event's write lock, held here: the acknowledged job stays
    // PROCESSING (0 rows done) until the operator cancels it; the chunk then finds the job
    // cancelled at its commit and writes nothing.
    const lock = await knex.transaction();
    try {
      await lock.raw('SELECT id FROM membership.events WHERE id = ? FOR UPDATE', [event.id]);
      await page.getByRole('button', { name: 'Import it anyway' }).click();
      const host = await hostAt(page, 'processing');
      expect(await host.getByTestId('rows-done').textContent()).toBe('0 of 12 rows');
      expect(await host.getByRole('progressbar', { name: 'Rows imported' }).getAttribute('aria-valuemax')).toBe('12');
      await expectNoAxeViolationsAtBothWidths(page);
      await page.getByRole('button', { name: 'Cancel the import' }).click();
      // "No" first: nothing happens.
      await page.getByRole('dialog').getByRole('button', { name: 'No, go on' }).click();
      expect(await page.getByRole('dialog').isVisible()).toBe(false);
      expect(await knex('imports.importJobs').where({ id: jobId }).first('state')).toEqual({ state: 'PROCESSING' });
      await page.getByRole('button', { name: 'Cancel the import' }).click();
      await confirmDialog(page, 'Yes, cancel the import');
      const { state } = await summaryOf(page, 'event-participants', jobId);
      expect(state).toBe('CANCELLED');
      expect(await page.getByTestId('summary-state').textContent()).toBe('Import cancelled');
    } finally {
      await lock.rollback();
    }
    expect(await knex('membership.participants').where({ eventId: event.id }).count()).toEqual([{ count: '0' }]);
    expect(await knex('imports.importJobs').where({ id: jobId }).first('state')).toEqual({ state: 'CANCELLED' });
  }, 120_000);
});

describe('a new source system, added on the upload screen', () => {
  it('is refused in place (no name, the self name, a name taken in any case), then added, chosen and uploaded from', async () => {
    const { page } = browser.tab();
    const event = await newEvent(knex, 'Harbour Relay');
    const name = `Club Register ${randomUUID().slice(0, 6)}`;
    await signInOperator(page);
    await page.goto(`${ADMIN()}/imports/event-participants`);
    const opener = page.getByRole('button', { name: 'New source system…' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await opener.click();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    const form = page.getByRole('group', { name: 'New source system' });
    const nameInput = form.getByLabel('Name', { exact: true });
    expect(await nameInput.evaluate((el) => el === document.activeElement)).toBe(true);

    const refusedWith = async (typed: string, message: RegExp) => {
      await nameInput.fill(typed);
      await form.getByRole('button', { name: 'Add source system' }).click();
      await page.getByTestId('new-source-name-problem').filter({ hasText: message }).waitFor();
      expect(await nameInput.getAttribute('aria-invalid')).toBe('true');
      expect(await nameInput.getAttribute('aria-describedby')).toContain('new-source-name-problem');
    };
    await refusedWith('  ', /^Enter a name\.$/);
    await refusedWith('this system (own export)', /own export, which exists already/);
    await refusedWith(source.name.toUpperCase(), /exists already/);
    await expectNoAxeViolationsAtBothWidths(page);
    await screenshots(page, 'admin-import-new-source-system');

    // Enter in the name adds the source system; it does not submit the upload.
    await nameInput.fill(`  ${name} `);
    await nameInput.press('Enter');
    await form.waitFor({ state: 'detached' });
    expect(await page.getByTestId('source-system-added').textContent()).toBe(`“${name}” was added and is chosen as the source system.`);
    const select = page.getByLabel('Source system', { exact: true });
    expect(await select.evaluate((el) => el === document.activeElement)).toBe(true);
    const created = await knex('imports.sourceSystems').where({ name }).first('id', 'organisationId', 'isSelf');
    expect(created).toEqual({ id: expect.any(Number), organisationId: await riversideId(knex), isSelf: false });
    expect(await select.inputValue()).toBe(String(created.id));
    expect(await page.getByTestId('variant-picker').getAttribute('data-variant-state')).toBe('none');
    expect(await knex('imports.importJobs').where({ sourceSystemId: created.id }).count()).toEqual([{ count: '0' }]);

    await page.getByLabel('Event', { exact: true }).selectOption(String(event.id));
    await page.getByLabel(/^Trust the keys/).check();
    await chooseFile(page, file('register.csv', ['BT-9;Ada;Lovelace;10.12.1955;21;W;M;']));
    const jobId = await submitUpload(page);
    expect(await knex('imports.importJobs').where({ id: jobId }).first('sourceSystemId')).toEqual({ sourceSystemId: created.id });

    // Listed from now on, by its name.
    await page.goto(`${ADMIN()}/imports/memberships`);
    await page.getByLabel('Source system', { exact: true }).selectOption({ label: name });
  }, 120_000);
});
