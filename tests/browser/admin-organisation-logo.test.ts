import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createKnex, type Knex } from '@ems/db';
import { e2eContext } from '../support/stackContext';
import { expectNoAxeViolationsAtBothWidths, riversideId, signInOperator } from './support/adminImports';
import { usePortalBrowser } from './support/browser';

/**
 * Issue 23: an operator uploads their club's logo in the admin portal; the server checks the
 * image (no SVG, at most 200 kB) and the change is in the audit log. The test uploads the demo
 * logo's own bytes, so the logo's address (and every other test's view of it) stays the same.
 */
const ctx = e2eContext();
const browser = usePortalBrowser();
let knex: Knex;
const DEMO_LOGO = readFileSync(path.resolve(__dirname, '../../subgraphs/membership/src/demo/logos/riverside-ac.png'));

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

/** How many logo changes of the organisation the audit log holds. */
async function logoChangesAudited(organisationId: number): Promise<number> {
  const row = await knex('membership.auditLog').where({ action: 'organisation.logo_changed', organisationId }).count({ n: '*' }).first();
  return Number((row as { n: string }).n);
}

it("an operator uploads the club's logo; an SVG and an oversized image are refused with the reason", async () => {
  const { page } = browser.tab();
  const organisationId = await riversideId(knex);
  await signInOperator(page);
  const form = page.getByTestId(`organisation-logo-${organisationId}`);
  const logo = form.getByRole('img', { name: 'Logo of Riverside Athletics Club' });
  const before = await logo.getAttribute('src');
  const input = form.getByLabel('Logo of Riverside Athletics Club (PNG, JPEG or WebP, at most 200 kB)');
  const upload = form.getByRole('button', { name: 'Upload logo' });

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
  await upload.click();
  await form.getByRole('alert').waitFor();
  expect(await form.getByRole('alert').textContent()).toBe(
    'The logo must be a PNG, JPEG or WebP image (SVG and other formats are not accepted).',
  );

  const oversized = Buffer.concat([DEMO_LOGO, Buffer.alloc(200 * 1024)]);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: oversized });
  await upload.click();
  await page.waitForFunction(
    (el) => el?.textContent === 'The logo is too large: at most 200 kB.',
    await form.getByRole('alert').elementHandle(),
  );

  const entriesBefore = await logoChangesAudited(organisationId);
  await input.setInputFiles({ name: 'riverside.png', mimeType: 'image/png', buffer: DEMO_LOGO });
  await upload.click();
  await form.getByRole('status').waitFor();
  expect(await form.getByRole('status').textContent()).toBe('The logo was saved; member pages show it from now on.');
  expect(await logo.getAttribute('src')).toBe(before);
  expect(await logoChangesAudited(organisationId)).toBe(entriesBefore + 1);
  await expectNoAxeViolationsAtBothWidths(page);
});
