import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { createKnex, type Knex } from '@ems/db';
import { createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient } from '../support/client';
import { browser, signIn } from '../support/demo';
import { ADMIN_API, settledImport, uploadedImport } from '../support/importJobs';
import { graphqlUploadBody, multipartBody } from '../support/multipart';
import { e2eContext } from '../support/stackContext';

/**
 * Failed rows and corrections through the router and the worker process (docs/imports.md,
 * "Failed rows and corrections"): an event-participant import with failing rows, its failed rows
 * downloaded as CSV, corrected as in a spreadsheet, uploaded as a corrections job (REST and
 * GraphQL), whose rows complete; cells beginning with '=' or '-' come back unchanged.
 */

let knex: Knex;
let olga: HttpClient;
let eventId: number;

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  const organisationId = ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
  eventId = (await createEvent(knex, organisationId, { customFieldLabels: ['Note', null, null] })).id;
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

interface Job {
  id: string;
  state: string;
  counts: Record<string, number>;
  correctsJobId: string | null;
  correctedByJobIds?: string[];
  cells: { options: Record<string, Array<{ id: number; label: string }>> } | null;
}

function multipart(path: string, fields: Record<string, string>, name: string, data: Buffer) {
  const { body, contentType } = multipartBody(fields, [{ field: 'file', fileName: name, contentType: 'text/csv', data }]);
  const method = path.endsWith('/corrections') ? 'POST' : 'PUT';
  return olga.request(method, `${ADMIN_API}${path}`, { body, headers: { 'content-type': contentType } });
}

// The download keeps the imported file's delimiter (`;`, as a German Excel saves it).
const records = (csv: string) => parse(csv, { bom: true, delimiter: ';' }) as string[][];

// Row 3 fails on its date and begins with formula characters; row 4 names a category the operator
// answers "none" for (FK_MISMATCH); row 5 has no first name and a negative number.
const FILE = Buffer.from(
  [
    'Vorname;Nachname;Geburtsdatum;Klasse;Note',
    'Ottilie;Brandtner;02.02.1982;W;ok',
    '=Eva;-Smith;31.02.1990;W;=1+2',
    'Quirin;Zettelmeyer;06.06.1966;Senioren;+49 30 1234',
    ';Leerzeile;01.01.1999;M;-12.5',
  ].join('\r\n'),
  'latin1',
);

describe('the failed rows of an import, corrected and imported again', () => {
  let jobId: string;
  let csv: string;
  let correctedFile: Buffer;
  let correctionsId: string;

  it('imports the file with three failing rows', async () => {
    const waiting = await uploadedImport<Job>(
      olga,
      await multipart('/event-participants/import', { eventId: String(eventId), createCustom1: 'Note' }, 'teilnehmer.csv', FILE),
    );
    jobId = waiting.id;
    expect(waiting.state).toBe('CELLS_NEEDED');
    const res = await olga.request('PUT', `${ADMIN_API}/imports/${jobId}/cell-mappings`, {
      json: { mappings: [{ fkType: 'category', value: 'Senioren', targetId: null }] },
    });
    expect(res.status).toBe(200);
    expect(await settledImport<Job>(olga, jobId)).toMatchObject({
      state: 'COMPLETED',
      counts: expect.objectContaining({ created: 1, failed: 3 }),
    });
  });

  it('downloads them as a spreadsheet-safe CSV (UTF-8 with BOM, RFC 4180), at the URL GraphQL gives', async () => {
    const { body } = await olga.graphql<{ importJob: { failedRowCount: number; failedRowsUrl: string | null } }>(
      'query Q($id: ID!) { importJob(id: $id) { failedRowCount failedRowsUrl } }',
      { id: jobId },
    );
    expect(body.data?.importJob).toEqual({ failedRowCount: 3, failedRowsUrl: `/api/imports/${jobId}/failed-rows.csv` });
    const res = await olga.get(body.data!.importJob.failedRowsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=teilnehmer-failed-rows.csv');
    expect(res.headers['cache-control']).toBe('no-store');
    csv = res.text;
    expect(
      csv.startsWith('\uFEFF"Vorname";"Nachname";"Geburtsdatum";"Klasse";"Note";"Failure category";"Failure detail";"Failed row"\r\n'),
    ).toBe(true);
    expect(records(csv).slice(1)).toEqual([
      ["'=Eva", "'-Smith", '31.02.1990', 'W', "'=1+2", 'FAILED', expect.stringContaining('is not a date'), '3'],
      [
        'Quirin',
        'Zettelmeyer',
        '06.06.1966',
        'Senioren',
        "'+49 30 1234",
        'FK_MISMATCH',
        'Category "Senioren" is none of the event\'s categories ("none" was chosen for it)',
        '4',
      ],
      ['', 'Leerzeile', '01.01.1999', 'M', "'-12.5", 'FAILED', 'First name is empty', '5'],
    ]);
    // The same file under the admin service's prefix.
    expect((await olga.get(`${ADMIN_API}/imports/${jobId}/failed-rows.csv`)).text).toBe(csv);
  });

  it('imports the corrected file as a job linked to the first; its rows complete and the neutralised cells come back unchanged', async () => {
    const [header, ...rows] = records(csv);
    const fixed = rows.map((r) => {
      if (r[7] === '3') return [r[0]!, r[1]!, '28.02.1990', ...r.slice(3)];
      if (r[7] === '4') return [r[0]!, r[1]!, r[2]!, 'M40', ...r.slice(4)];
      return ['Xaver', ...r.slice(1)];
    });
    correctedFile = Buffer.from(`\uFEFF${stringify([header!, ...fixed], { record_delimiter: 'windows', delimiter: ';' })}`);
    const job = await uploadedImport<Job>(olga, await multipart(`/imports/${jobId}/corrections`, {}, 'corrected.csv', correctedFile));
    correctionsId = job.id;
    expect(job).toMatchObject({
      state: 'COMPLETED',
      correctsJobId: jobId,
      counts: expect.objectContaining({ rows: 3, created: 3, failed: 0 }),
    });
    expect((await settledImport<Job>(olga, jobId)).correctedByJobIds).toEqual([correctionsId]);

    const participants = await knex('membership.participants as pa')
      .join('membership.persons as p', 'p.id', 'pa.personId')
      .leftJoin('membership.eventCategories as c', 'c.id', 'pa.categoryId')
      .where('pa.eventId', eventId)
      .orderBy('pa.id')
      .select('p.firstName', 'p.lastName', 'c.code', 'pa.custom1');
    expect(participants.map((p: Record<string, unknown>) => [p.firstName, p.lastName, p.code, p.custom1])).toEqual([
      ['Ottilie', 'Brandtner', 'W', 'ok'],
      ['=Eva', '-Smith', 'W', '=1+2'],
      ['Quirin', 'Zettelmeyer', 'M40', '+49 30 1234'],
      ['Xaver', 'Leerzeile', 'M', '-12.5'],
    ]);
  });

  it('shows the link both ways through GraphQL; the corrections job has no failed rows to offer', async () => {
    const { body } = await olga.graphql<{
      original: { correctsJob: null; correctedBy: Array<{ id: string }> };
      corrections: { failedRowCount: number; failedRowsUrl: null; correctsJob: { id: string; failedRowCount: number } };
    }>(
      `query Links($a: ID!, $b: ID!) {
         original: importJob(id: $a) { correctsJob { id } correctedBy { id } }
         corrections: importJob(id: $b) { failedRowCount failedRowsUrl correctsJob { id failedRowCount } }
       }`,
      { a: jobId, b: correctionsId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      original: { correctsJob: null, correctedBy: [{ id: correctionsId }] },
      corrections: { failedRowCount: 0, failedRowsUrl: null, correctsJob: { id: jobId, failedRowCount: 3 } },
    });
  });

  it('takes the corrected file through the GraphQL upload too (imported again: every row unchanged)', async () => {
    const { body, contentType } = graphqlUploadBody(
      'mutation C($jobId: ID!, $file: Upload!) { uploadImportCorrections(jobId: $jobId, file: $file) { id correctsJob { id } } }',
      { jobId },
      { fileName: 'corrected.csv', contentType: 'text/csv', data: correctedFile },
    );
    const res = await olga.request('POST', '/graphql', {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    const upload = res.json<{ data: { uploadImportCorrections: { id: string; correctsJob: { id: string } } } }>().data
      .uploadImportCorrections;
    expect(upload.correctsJob).toEqual({ id: jobId });
    expect(await settledImport<Job>(olga, upload.id)).toMatchObject({
      state: 'COMPLETED',
      counts: expect.objectContaining({ rows: 3, unchanged: 3, failed: 0 }),
    });
  });

  it('refuses a corrections upload of a job without failed rows (409) and the download of a job that is not yours (404)', async () => {
    const refused = await multipart(`/imports/${correctionsId}/corrections`, {}, 'corrected.csv', correctedFile);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'Conflict', code: 'NO_FAILED_ROWS' });
    const anna = await signIn(browser(), 'anna.berg');
    const foreign = await anna.get(`${ADMIN_API}/imports/${jobId}/failed-rows.csv`);
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'IMPORT_NOT_FOUND' });
  });
});
