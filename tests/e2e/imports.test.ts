import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { createKnex, type Knex } from '@ems/db';
import { connectPersons, createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient, HttpResponse } from '../support/client';
import { browser, signIn } from '../support/demo';
import { graphqlUploadBody, multipartBody } from '../support/multipart';
import { rawExchange } from '../support/rawHttp';
import { e2eContext } from '../support/stackContext';

/**
 * The event-participant import through the router against the real processes: the imports
 * service, its Agenda worker process, membership, PostgreSQL. Operator olga.operator of the demo
 * club signs in by signed link; uploads go through `/services/admin-service/**` (REST) and
 * `/graphql` (a multipart request the router sends straight to the imports subgraph).
 */

const API = '/services/admin-service/api';
let knex: Knex;
let olga: HttpClient;
let organisationId: number;
let timingCo: number;
const persons: Record<string, number> = {};

/** A person Riverside knows (a participant of an earlier event): its imports find them. */
async function person(key: string, firstName: string, lastName: string, dateOfBirth: string) {
  const [row] = await knex('membership.persons').insert({ registrationSystemId: 1, firstName, lastName, dateOfBirth }).returning('id');
  persons[key] = (row as { id: number }).id;
  await connectPersons(knex, organisationId, [persons[key]]);
}

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  organisationId = ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
  const [source] = await knex('imports.sourceSystems')
    .insert({ registrationSystemId: 1, organisationId, name: 'TimingCo', isSelf: false })
    .returning('id');
  timingCo = (source as { id: number }).id;
  await person('ines', 'Ines', 'Quandt', '1990-05-01');
  await person('bruno', 'Bruno', 'Wexler', '1975-03-14');
  await person('karla', 'Karla', 'Zimmermann', '1988-11-02');
  await person('jonas', 'Jonas', 'Pfeiffer', '1979-08-21');
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

const newEvent = async () => (await createEvent(knex, organisationId)).id;

function upload(
  client: HttpClient,
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type?: string } | null,
): Promise<HttpResponse> {
  const { body, contentType } = multipartBody(
    fields,
    file ? [{ field: 'file', fileName: file.name, contentType: file.type ?? 'text/csv', data: file.data }] : [],
  );
  return client.request('PUT', `${API}/event-participants/import`, { body, headers: { 'content-type': contentType } });
}

interface Job {
  id: string;
  state: string;
  displayState: string;
  counts: Record<string, number>;
  ignoredColumns: string[];
  alreadyImportedJobId: string | null;
  columns: {
    mappings: Array<{ header: string; field: string | null; matchedBy: string }>;
    missingRequired: string[];
    duplicates: unknown[];
  } | null;
  cells: { asked: Array<{ fkType: string; value: string }>; options: Record<string, Array<{ id: number; label: string }>> } | null;
  verification: { warning: { code: string } | null; acknowledged: boolean } | null;
  error: { message: string } | null;
}

const RUNNING = ['QUEUED', 'PARSING', 'MATCHING_CELLS', 'VERIFYING', 'PROCESSING'];

/** Polls the job like the common host does (every few seconds there; faster here) until it waits or ends. */
async function settled(id: string): Promise<Job> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await olga.get(`${API}/imports/${id}`);
    expect(res.status).toBe(200);
    const job = res.json<Job>();
    if (!RUNNING.includes(job.state) || Date.now() > deadline) return job;
    await sleep(100);
  }
}

async function uploaded(res: HttpResponse): Promise<Job> {
  expect(res.status).toBe(201);
  const { id } = res.json<{ id: string }>();
  expect(res.headers.location).toBe(`${API}/imports/${id}`);
  return settled(id);
}

const csv1252 = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

// A timing company's export from Excel on a German Windows: `;`, Windows-1252, day-first dates.
const HEADER = 'Athlete ID;Vorname;Nachname;Geburtsdatum;Startnummer;Klasse;T-Shirt';
const TIMING_FILE = csv1252([
  HEADER,
  'TC-1;Ines;Quandt;01.05.1990;11;W;M', // exact
  'TC-2;Bruno;Wexler;14.03.1975;12;Senioren;L', // exact; a category the operator chooses
  'TC-3;Carla;Zimmermann;02.11.1988;13;W;S', // fuzzy, sure
  'TC-4;Jonathan;Pfeifer;21.08.1979;14;M40;M', // likely only: a new person and a merge candidate
  'TC-5;Lena;Neumann;07.07.2001;15;U18;XS', // new
  'TC-6;Max;Fehler;31.02.1990;16;M;L', // not a date
  'TC-7;;Leer;01.01.1999;17;W;M', // no first name
]);

describe('a CSV from a source system, through every stage (REST)', () => {
  let eventId: number;
  let jobId: string;

  it('auto-maps the columns, ignores T-Shirt (F9), and asks the operator about a category value', async () => {
    eventId = await newEvent();
    const job = await uploaded(
      await upload(
        olga,
        { eventId: String(eventId), sourceSystemId: String(timingCo), trustPKs: 'true' },
        { name: 'timing.csv', data: TIMING_FILE },
      ),
    );
    jobId = job.id;
    expect(job.state).toBe('CELLS_NEEDED');
    expect(job.columns?.mappings.map((m) => [m.field, m.matchedBy])).toEqual([
      ['externalId', 'ALIAS'],
      ['firstName', 'ALIAS'],
      ['lastName', 'ALIAS'],
      ['dateOfBirth', 'ALIAS'],
      ['bib', 'ALIAS'],
      ['category', 'ALIAS'],
      [null, 'NONE'],
    ]);
    expect(job.ignoredColumns).toEqual(['T-Shirt']);
    expect(job.cells?.asked).toEqual([expect.objectContaining({ fkType: 'category', value: 'Senioren' })]);
  });

  it('goes on to COMPLETED with the category the operator chose', async () => {
    const options = (await settled(jobId)).cells?.options.category ?? [];
    const w40 = options.find((o) => o.label.startsWith('W40'));
    const res = await olga.request('PUT', `${API}/imports/${jobId}/cell-mappings`, {
      json: { mappings: [{ fkType: 'category', value: 'Senioren', targetId: w40?.id }] },
    });
    expect(res.status).toBe(200);
    const job = await settled(jobId);
    expect(job.state).toBe('COMPLETED');
    expect(job.counts).toMatchObject({ rows: 7, created: 5, failed: 2, personsCreated: 2, mergeCandidates: 1 });
    const bruno = await knex('membership.participants as p')
      .join('membership.eventCategories as c', 'c.id', 'p.categoryId')
      .where({ 'p.eventId': eventId, 'p.personId': persons.bruno })
      .first('c.code');
    expect(bruno).toEqual({ code: 'W40' });
  });

  it('shows the summary through GraphQL: person matches of each kind, typed failures, merge candidates (F8), the event resolved by membership', async () => {
    const { status, body } = await olga.graphql<{
      importJob: {
        displayState: string;
        ignoredColumns: string[];
        event: { id: string; name: string };
        results: {
          rows: Array<{
            rowNo: number;
            outcome: string;
            matchKind: string | null;
            person: { id: string } | null;
            failure: Record<string, string> | null;
          }>;
        };
        mergeCandidatesCreated: Array<{ rowNo: number; candidate: { id: string } }>;
      };
    }>(
      `query Summary($id: ID!) { importJob(id: $id) {
         displayState ignoredColumns event { id name }
         results(first: 50) { rows { rowNo outcome matchKind person { id } failure { category description fkType fkValue rawFirstName } } }
         mergeCandidatesCreated { rowNo candidate { id } }
      } }`,
      { id: jobId },
    );
    expect(status).toBe(200);
    const job = body.data?.importJob;
    expect(job?.displayState).toBe('COMPLETED');
    expect(job?.event).toEqual({ id: String(eventId), name: expect.any(String) });
    const rows = Object.fromEntries((job?.results.rows ?? []).map((r) => [r.rowNo, r]));
    expect(rows[2]).toMatchObject({ outcome: 'CREATED', matchKind: 'EXACT', person: { id: String(persons.ines) } });
    expect(rows[4]).toMatchObject({ outcome: 'CREATED', matchKind: 'FUZZY', person: { id: String(persons.karla) } });
    expect(rows[5]).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    expect(rows[6]).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    expect(rows[7]?.failure).toMatchObject({ category: 'FAILED', description: expect.stringContaining('is not a date') });
    expect(rows[8]?.failure).toMatchObject({ category: 'FAILED', description: 'First name is empty' });
    expect(job?.mergeCandidatesCreated).toEqual([{ rowNo: 5, candidate: { id: String(persons.jonas) } }]);
  });

  it('answers the result resource once the job has ended', async () => {
    const res = await olga.get(`${API}/event-participants/import/${jobId}`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'COMPLETED', eventId, ignoredColumns: ['T-Shirt'] });
  });

  it('flags the same file uploaded again into the event, and changes nothing', async () => {
    const before = await knex('membership.participants').where({ eventId }).orderBy('id');
    const job = await uploaded(
      await upload(
        olga,
        { eventId: String(eventId), sourceSystemId: String(timingCo), trustPKs: 'true' },
        { name: 'timing.csv', data: TIMING_FILE },
      ),
    );
    expect(job.alreadyImportedJobId).toBe(jobId);
    // The header is the remembered template variant's now (F10): nothing is asked again.
    expect(job.state).toBe('COMPLETED');
    expect(job.counts).toMatchObject({ rows: 7, created: 0, updated: 0, unchanged: 5, failed: 2, personsCreated: 0 });
    expect(await knex('membership.participants').where({ eventId }).orderBy('id')).toEqual(before);
  });
});

async function xlsxOf(rows: Array<Array<string | number | Date>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Teilnehmer');
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(4).numFmt = 'dd.mm.yyyy';
  return Buffer.from(await book.xlsx.writeBuffer());
}

const UPLOAD_MUTATION = `mutation Upload($input: EventParticipantImportInput!, $file: Upload!) {
  uploadEventParticipants(input: $input, file: $file) { id state }
}`;

async function graphqlUpload(
  input: Record<string, unknown>,
  file: Buffer,
  headers: Record<string, string> = { 'apollo-require-preflight': 'true' },
) {
  const { body, contentType } = graphqlUploadBody(
    UPLOAD_MUTATION,
    { input },
    {
      fileName: 'teilnehmer.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: file,
    },
  );
  return olga.request('POST', '/graphql', { body, headers: { 'content-type': contentType, ...headers } });
}

describe('an XLSX through the GraphQL upload', () => {
  const rows = (ids: string[]) => [
    HEADER.split(';'),
    [ids[0]!, 'Ines', 'Quandt', new Date(Date.UTC(1990, 4, 1)), 21, 'W', 'M'],
    [ids[1]!, 'Bruno', 'Wexler', new Date(Date.UTC(1975, 2, 14)), 22, 'Senioren', 'L'],
  ];

  it('recognises the template variant, finds persons by the trusted key, and completes', async () => {
    const eventId = await newEvent();
    const res = await graphqlUpload(
      { eventId: String(eventId), sourceSystemId: String(timingCo), trustPKs: true },
      await xlsxOf(rows(['TC-1', 'TC-2'])),
    );
    expect(res.status).toBe(200);
    const { data } = res.json<{ data: { uploadEventParticipants: { id: string; state: string } } }>();
    const job = await settled(data.uploadEventParticipants.id);
    expect(job.state).toBe('COMPLETED');
    expect(job.columns?.mappings.every((m) => m.matchedBy === 'TEMPLATE')).toBe(true);
    expect(job.counts).toMatchObject({ rows: 2, created: 2, matchedTRUSTED_KEY: 2 });
    const { rows: results } = (await olga.get(`${API}/imports/${job.id}/rows`)).json<{
      rows: Array<{ matchKind: string; personId: number }>;
    }>();
    expect(results.map((r) => [r.matchKind, r.personId])).toEqual([
      ['TRUSTED_KEY', persons.ines],
      ['TRUSTED_KEY', persons.bruno],
    ]);
  });

  it('stops at the fingerprint warning when the keys name other persons; acknowledged, it completes', async () => {
    const swapped = [
      HEADER.split(';'),
      ...Array.from({ length: 12 }, (_, i) => [
        i % 2 ? 'TC-1' : 'TC-2',
        `Someone${i}`,
        `Else${i}`,
        new Date(Date.UTC(1960, 0, i + 1)),
        100 + i,
        'M',
        'M',
      ]),
    ];
    const first = await graphqlUpload(
      { eventId: String(await newEvent()), sourceSystemId: String(timingCo), trustPKs: true },
      await xlsxOf(swapped),
    );
    const id = first.json<{ data: { uploadEventParticipants: { id: string } } }>().data.uploadEventParticipants.id;
    const warned = await settled(id);
    expect(warned.state).toBe('FINGERPRINT_WARNING');
    expect(warned.verification?.warning?.code).toBe('KEYS_MATCH_OTHER_PERSONS');
    const ack = await olga.graphql<{ resumeFromFingerprint: { state: string } }>(
      'mutation Ack($id: ID!) { resumeFromFingerprint(jobId: $id, decision: ACKNOWLEDGE) { state } }',
      { id },
    );
    expect(ack.body.errors).toBeUndefined();
    const done = await settled(id);
    expect(done).toMatchObject({ state: 'COMPLETED', verification: expect.objectContaining({ acknowledged: true }) });

    // The same file again, and this time the operator aborts: shown as FAILED.
    const second = await graphqlUpload(
      { eventId: String(await newEvent()), sourceSystemId: String(timingCo), trustPKs: true },
      await xlsxOf(swapped),
    );
    const id2 = second.json<{ data: { uploadEventParticipants: { id: string } } }>().data.uploadEventParticipants.id;
    expect((await settled(id2)).state).toBe('FINGERPRINT_WARNING');
    const abort = await olga.post(`${API}/imports/${id2}/fingerprint`, { json: { decision: 'ABORT' } });
    expect(abort.json()).toMatchObject({ state: 'FINGERPRINT_ABORT', displayState: 'FAILED' });
    expect((await olga.get(`${API}/event-participants/import/${id2}`)).json()).toMatchObject({ status: 'FAILED' });
  });

  it('refuses a multipart GraphQL request without a preflight header (CSRF), and one without a session', async () => {
    const file = await xlsxOf(rows(['TC-1', 'TC-2']));
    const res = await graphqlUpload({ eventId: '1' }, file, {});
    expect(res.status).toBe(400);
    expect(res.json<{ errors: Array<{ extensions: { code: string } }> }>().errors[0]?.extensions.code).toBe('BAD_REQUEST');
    const { body, contentType } = graphqlUploadBody(
      UPLOAD_MUTATION,
      { input: { eventId: '1' } },
      { fileName: 'a.xlsx', contentType: 'application/octet-stream', data: file },
    );
    const anonymous = await browser().request('POST', '/graphql', {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Not authenticated', message: 'Session not found or expired' });
  });
});

describe('operator decisions', () => {
  it('cancels a job waiting for its columns; a cancelled job writes nothing', async () => {
    const eventId = await newEvent();
    const job = await uploaded(
      await upload(olga, { eventId: String(eventId) }, { name: 'x.csv', data: Buffer.from('Given,Family\nA,B\n') }),
    );
    expect(job.state).toBe('COLUMNS_NEEDED');
    expect(job.columns?.missingRequired).toEqual(['firstName', 'lastName']);
    const cancelled = await olga.post(`${API}/imports/${job.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'CANCELLED', displayState: 'CANCELLED' });
    expect((await olga.get(`${API}/event-participants/import/${job.id}`)).json()).toMatchObject({ status: 'CANCELLED' });
    expect(await knex('membership.participants').where({ eventId }).count()).toEqual([{ count: '0' }]);
  });
});

describe('bad input: a clear error in the contract shape, nothing half-written', () => {
  let eventId: number;
  beforeAll(async () => {
    eventId = await newEvent();
  });
  const fields = () => ({ eventId: String(eventId) });

  async function failedWith(data: Buffer, name = 'bad.csv'): Promise<string | undefined> {
    const job = await uploaded(await upload(olga, fields(), { name, data }));
    expect(job.state).toBe('FAILED');
    return job.error?.message;
  }

  it('an empty file: 400', async () => {
    const res = await upload(olga, fields(), { name: 'empty.csv', data: Buffer.alloc(0) });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', message: 'The file is empty' });
  });

  it('a header without rows', async () => {
    expect(await failedWith(Buffer.from('First name,Last name\n'))).toBe('The file has a header row but no data rows');
  });

  it('a file over the size limit: 413 from the declared length, before the body is read', async () => {
    const answer = await rawExchange(
      e2eContext().ports.router,
      [
        `PUT ${API}/event-participants/import HTTP/1.1`,
        'Host: localhost',
        `Cookie: ${[...olga.cookies].map(([k, v]) => `${k}=${v}`).join('; ')}`,
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${1024 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'Payload Too Large', code: 'UPLOAD_TOO_LARGE' });
  });

  it('an unknown encoding', async () => {
    // Shift_JIS: not UTF-8, not a Western single-byte encoding.
    const sjis = Buffer.from([
      0x46, 0x69, 0x72, 0x73, 0x74, 0x2c, 0x4c, 0x61, 0x73, 0x74, 0x0a, 0x93, 0xfa, 0x96, 0x7b, 0x2c, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67,
      0x0a,
    ]);
    expect(await failedWith(Buffer.concat([sjis, sjis.subarray(11), sjis.subarray(11), sjis.subarray(11)]))).toBe(
      'Unknown or unsupported text encoding; save the file as UTF-8 CSV',
    );
  });

  it('broken CSV quoting', async () => {
    expect(await failedWith(Buffer.from('First name,Last name\n"Anna,Berg\nBo,Lind\n'))).toMatch(
      /^Broken CSV quoting near row 2|quote is probably not closed/,
    );
  });

  it('duplicate and missing required headers wait for the operator, naming the problem', async () => {
    const dup = await uploaded(
      await upload(olga, fields(), { name: 'd.csv', data: Buffer.from('First name,Last name,Email,E-Mail\nA,B,a@x.org,b@x.org\n') }),
    );
    expect(dup).toMatchObject({
      state: 'COLUMNS_NEEDED',
      columns: expect.objectContaining({ duplicates: [{ field: 'email', columns: [2, 3] }] }),
    });
    const refused = await olga.request('PUT', `${API}/imports/${dup.id}/column-mappings`, { json: { mappings: [] } });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'DUPLICATE_FIELD' });
  });

  it('an XLSX that is not a zip workbook', async () => {
    expect(await failedWith(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), 'broken.xlsx')).toBe(
      'The file is not a valid XLSX workbook',
    );
  });

  it('an eventId of another organisation: 404, and nothing stored', async () => {
    const other = ((await knex('membership.organisations').whereNot({ id: organisationId }).first('id')) as { id: number } | undefined)?.id;
    const foreign = other ? await createEvent(knex, other) : null;
    const files = await knex('imports.uploadFiles').count();
    const res = await upload(
      olga,
      { eventId: String(foreign?.id ?? 999999) },
      { name: 'a.csv', data: Buffer.from('First name,Last name\nA,B\n') },
    );
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found', message: 'Event not found' });
    expect(await knex('imports.uploadFiles').count()).toEqual(files);
  });

  it('a form without a file, and a body that is not multipart: 400', async () => {
    const noFile = await upload(olga, fields(), null);
    expect(noFile.status).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'FILE_REQUIRED' });
    const json = await olga.request('PUT', `${API}/event-participants/import`, { json: { eventId } });
    expect(json.status).toBe(400);
    expect(json.json()).toMatchObject({ code: 'NOT_MULTIPART' });
  });

  it('a file name with control characters: 400 INVALID_CHARACTERS, and nothing stored', async () => {
    const files = await knex('imports.uploadFiles').count();
    // RFC 5987's encoded form, which busboy decodes (a raw control character in the header is refused as a broken body).
    const { body, contentType } = multipartBody(fields(), [
      { field: 'file', fileName: 'NAME', contentType: 'text/csv', data: Buffer.from('First name,Last name\nA,B\n') },
    ]);
    const encoded = Buffer.from(body.toString('latin1').replace('filename="NAME"', "filename*=utf-8''list%1B%5B2J%00.csv"), 'latin1');
    const res = await olga.request('PUT', `${API}/event-participants/import`, { body: encoded, headers: { 'content-type': contentType } });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CHARACTERS' });
    expect(await knex('imports.uploadFiles').count()).toEqual(files);
  });

  it('a GraphQL upload that names a file it does not send: 400 FILE_REQUIRED, not an internal error', async () => {
    const { body, contentType } = multipartBody(
      {
        operations: JSON.stringify({ query: UPLOAD_MUTATION, variables: { input: { eventId: String(eventId) }, file: null } }),
        map: JSON.stringify({ 0: ['variables.file'] }),
      },
      [],
    );
    const res = await olga.request('POST', '/graphql', {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    const { errors } = res.json<{ errors: Array<{ message: string; extensions: { code: string } }> }>();
    expect(errors[0]).toMatchObject({ extensions: { code: 'FILE_REQUIRED' } });
    expect(errors[0]!.message).toMatch(/^The upload is incomplete: File missing/);
  });

  it('a job id that is not a uuid (36 dashes) is an unknown import over GraphQL too, not an internal error', async () => {
    const res = await olga.request('POST', '/graphql', { json: { query: `{ importJob(id: "${'-'.repeat(36)}") { id } }` } });
    expect(res.json()).toEqual({ data: { importJob: null } });
    const cancel = await olga.request('POST', '/graphql', {
      json: { query: `mutation { cancelImport(jobId: "${'-'.repeat(36)}") { id } }` },
    });
    expect(cancel.json<{ errors: Array<{ extensions: { code: string } }> }>().errors[0]).toMatchObject({
      extensions: { code: 'IMPORT_NOT_FOUND' },
    });
  });

  it('a member who is not an operator may not import: 403', async () => {
    const anna = await signIn(browser(), 'anna.berg');
    const res = await upload(anna, fields(), { name: 'a.csv', data: Buffer.from('First name,Last name\nA,B\n') });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_AN_OPERATOR' });
  });
});
