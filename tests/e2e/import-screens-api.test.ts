import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { createKnex, type Knex } from '@ems/db';
import { createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient } from '../support/client';
import { browser, signIn } from '../support/demo';
import { ADMIN_API, settledImport } from '../support/importJobs';
import { multipartBody } from '../support/multipart';
import { e2eContext } from '../support/stackContext';

/**
 * What the admin portal's import screens read, through the router against the real processes:
 * the type-agnostic preview (`POST /api/imports/preview`), the encoding and delimiter an upload
 * may choose, and the operator's membership periods for the member upload.
 */
let knex: Knex;
let olga: HttpClient;
let organisationId: number;

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  organisationId = ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

function send(
  client: HttpClient,
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const { body, contentType } = multipartBody(fields, [
    { field: 'file', fileName: file.name, contentType: 'application/octet-stream', data: file.data },
  ]);
  return client.request(method, `${ADMIN_API}${path}`, { body, headers: { 'content-type': contentType } });
}

interface Preview {
  kind: string;
  encoding: string | null;
  delimiter: string | null;
  sheets: string[];
  sheetIndex: number;
  header: string[];
  rows: Array<{ rowNo: number; cells: string[] }>;
  templateVariantKey: string | null;
  problem: string | null;
}

const GERMAN = iconv.encode(['Vorname;Nachname;Gebühr', 'Jürgen;Bär;10 €', '', 'Zoë;Groß;5 €'].join('\r\n'), 'windows-1252');

describe('POST /api/imports/preview', () => {
  it('reads the first rows as the import will: encoding, delimiter, row numbers as a spreadsheet shows them', async () => {
    const res = await send(olga, 'POST', '/imports/preview', {}, { name: 'teilnehmer.csv', data: GERMAN });
    expect(res.status).toBe(200);
    expect(res.json<Preview>()).toEqual({
      kind: 'csv',
      encoding: 'windows-1252',
      delimiter: 'semicolon',
      sheets: [],
      sheetIndex: 0,
      header: ['Vorname', 'Nachname', 'Gebühr'],
      rows: [
        { rowNo: 2, cells: ['Jürgen', 'Bär', '10 €'] },
        { rowNo: 4, cells: ['Zoë', 'Groß', '5 €'] },
      ],
      templateVariantKey: null,
      problem: null,
    });
  });

  it('reads with the encoding and delimiter the operator chose', async () => {
    const res = await send(
      olga,
      'POST',
      '/imports/preview',
      { encoding: 'utf-8', delimiter: 'comma' },
      { name: 'teilnehmer.csv', data: GERMAN },
    );
    const preview = res.json<Preview>();
    expect(preview).toMatchObject({ encoding: 'utf-8', delimiter: 'comma', header: ['Vorname;Nachname;Geb\ufffdhr'] });
  });

  it('lists the sheets of a workbook and reads the one chosen', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Notes').addRow(['Just notes']);
    const sheet = book.addWorksheet('Starters');
    sheet.addRow(['First name', 'Last name']);
    sheet.addRow(['Ada', 'Lovelace']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    // The first sheet is no table: why, and the sheets to choose from instead.
    const first = await send(olga, 'POST', '/imports/preview', {}, { name: 'book.xlsx', data });
    expect(first.status).toBe(200);
    expect(first.json<Preview>()).toEqual({
      kind: 'xlsx',
      encoding: null,
      delimiter: null,
      sheets: ['Notes', 'Starters'],
      sheetIndex: 0,
      header: [],
      rows: [],
      templateVariantKey: null,
      problem: 'The file has a header row but no data rows',
    });
    const second = (await send(olga, 'POST', '/imports/preview', { sheetIndex: '1' }, { name: 'book.xlsx', data })).json<Preview>();
    expect(second).toMatchObject({
      sheetIndex: 1,
      header: ['First name', 'Last name'],
      rows: [{ rowNo: 2, cells: ['Ada', 'Lovelace'] }],
      problem: null,
    });
  });

  it("recognises the source system's template variant by the header row (F10)", async () => {
    const [source] = await knex('imports.sourceSystems')
      .insert({ registrationSystemId: 1, organisationId, name: `PreviewTiming ${Date.now()}`, isSelf: false })
      .returning('id');
    const sourceSystemId = (source as { id: number }).id;
    await knex('imports.templateVariants').insert({
      sourceSystemId,
      importType: 'EVENT_PARTICIPANT',
      key: 'timing-2025',
      name: 'Timing 2025',
      header: ['vorname', 'NACHNAME', 'Gebuhr'],
    });
    const fields = { sourceSystemId: String(sourceSystemId), importType: 'EVENT_PARTICIPANT' };
    const res = await send(olga, 'POST', '/imports/preview', fields, { name: 'teilnehmer.csv', data: GERMAN });
    expect(res.json<Preview>().templateVariantKey).toBe('timing-2025');
    const other = await send(
      olga,
      'POST',
      '/imports/preview',
      { ...fields, importType: 'MEMBERSHIP' },
      { name: 'teilnehmer.csv', data: GERMAN },
    );
    expect(other.json<Preview>().templateVariantKey).toBeNull();
  });

  it('refuses bad choices, an unreadable file, a source system that is not the operator’s, and anyone but an operator', async () => {
    const bad = await send(olga, 'POST', '/imports/preview', { encoding: 'ebcdic' }, { name: 'a.csv', data: GERMAN });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_IMPORT_FIELDS', message: expect.stringContaining('encoding must be one of') });
    const binary = await send(
      olga,
      'POST',
      '/imports/preview',
      {},
      { name: 'a.bin', data: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 1]) },
    );
    expect(binary.status).toBe(200);
    expect(binary.json()).toMatchObject({ header: [], rows: [], problem: 'The file is neither a CSV text file nor an XLSX workbook' });
    // A delimiter that splits a row past its header: why (the import would fail the same way).
    const shifted = await send(
      olga,
      'POST',
      '/imports/preview',
      { delimiter: 'comma' },
      { name: 'a.csv', data: Buffer.from('A;B\n1;2\n3,4;5\n') },
    );
    expect(shifted.json()).toMatchObject({
      kind: 'csv',
      delimiter: 'comma',
      problem: expect.stringContaining('Row 3 has a value in column 2'),
    });
    const foreign = await send(
      olga,
      'POST',
      '/imports/preview',
      { sourceSystemId: '999999', importType: 'EVENT_PARTICIPANT' },
      { name: 'a.csv', data: GERMAN },
    );
    expect(foreign.status).toBe(404);
    const member = await signIn(browser(), 'anna.berg');
    const refused = await send(member, 'POST', '/imports/preview', {}, { name: 'a.csv', data: GERMAN });
    expect(refused.status).toBe(403);
  });
});

describe('an upload with the operator’s delimiter', () => {
  it('is read with it by the worker (kept in the job, not detected again)', async () => {
    const event = await createEvent(knex, organisationId);
    const data = Buffer.from('First name;Last name\nAda;Lovelace\n');
    const res = await send(
      olga,
      'PUT',
      '/event-participants/import',
      { eventId: String(event.id), delimiter: 'comma' },
      { name: 'p.csv', data },
    );
    expect(res.status).toBe(201);
    const job = await settledImport<{ state: string; columns: { header: string[] } }>(olga, res.json<{ id: string }>().id);
    expect(job.state).toBe('COLUMNS_NEEDED');
    expect(job.columns.header).toEqual(['First name;Last name']);
    const refused = await send(
      olga,
      'PUT',
      '/event-participants/import',
      { eventId: String(event.id), delimiter: 'x' },
      { name: 'p.csv', data },
    );
    expect(refused.status).toBe(400);
  });
});

describe('Query.operatorMembershipPeriods', () => {
  const QUERY = '{ operatorMembershipPeriods { id name organisation { id } } }';

  it("lists the periods of the operator's organisations, and none for a member", async () => {
    const { body } = await olga.graphql<{ operatorMembershipPeriods: Array<{ id: string; organisation: { id: string } }> }>(QUERY);
    const periods = body.data?.operatorMembershipPeriods ?? [];
    const expected = await knex('membership.membershipPeriods').where({ organisationId }).pluck('id');
    expect(periods.map((p) => Number(p.id)).sort()).toEqual(expected.map(Number).sort());
    expect(periods.every((p) => p.organisation.id === String(organisationId))).toBe(true);
    const member = await signIn(browser(), 'anna.berg');
    expect((await member.graphql<{ operatorMembershipPeriods: unknown[] }>(QUERY)).body.data?.operatorMembershipPeriods).toEqual([]);
  });
});

describe('a new source system through the router', () => {
  const MUTATION = `mutation($name: String!) { createImportSourceSystem(name: $name) { id name isSelf organisationId } }`;
  type Created = { id: number; name: string; organisationId: number | null; isSelf: boolean };

  it('REST: created for the operator’s only organisation (201) and listed; the same name refused (409); bad input (400); a member (403)', async () => {
    const name = `Rest Timing ${Date.now()}`;
    const res = await olga.post(`${ADMIN_API}/imports/source-systems`, { json: { name: `  ${name}  ` } });
    expect(res.status).toBe(201);
    expect(res.json<Created>()).toMatchObject({ name, organisationId, isSelf: false });
    const listed = await olga.get(`${ADMIN_API}/imports/source-systems`);
    expect(listed.json<Created[]>().map((s) => s.name)).toContain(name);
    const again = await olga.post(`${ADMIN_API}/imports/source-systems`, { json: { name: name.toLowerCase(), organisationId } });
    expect([again.status, again.json()]).toEqual([409, expect.objectContaining({ code: 'SOURCE_SYSTEM_EXISTS' })]);
    const empty = await olga.post(`${ADMIN_API}/imports/source-systems`, { json: { name: ' ' } });
    expect([empty.status, empty.json()]).toEqual([400, expect.objectContaining({ code: 'SOURCE_SYSTEM_NAME_REQUIRED' })]);
    const noName = await olga.post(`${ADMIN_API}/imports/source-systems`, { json: { organisationId } });
    expect(noName.status).toBe(400);
    const member = await signIn(browser(), 'anna.berg');
    expect((await member.post(`${ADMIN_API}/imports/source-systems`, { json: { name: 'Member Timing' } })).status).toBe(403);
  });

  it('GraphQL: created and answered; a refusal carries its code', async () => {
    const name = `GraphQL Timing ${Date.now()}`;
    const { body } = await olga.graphql<{ createImportSourceSystem: Created }>(MUTATION, { name });
    expect(body.data?.createImportSourceSystem).toMatchObject({ name, isSelf: false, organisationId: String(organisationId) });
    const refused = await olga.graphql(MUTATION, { name });
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'SOURCE_SYSTEM_EXISTS' });
  });
});
