import { createKnex, type Knex } from '@ems/db';
import { createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient } from '../support/client';
import { browser, signIn } from '../support/demo';
import { configureMemberOidc, memberOidcBrowser } from '../support/memberSignIn';
import { graphqlUploadBody, multipartBody } from '../support/multipart';
import { e2eContext } from '../support/stackContext';

/**
 * Upload bodies through the router against the real processes (docs/decisions.md, "Uploads"):
 * who may upload is settled before the body is read, a body that breaks off is the client's 400
 * and never ends the imports service, and file names are read as UTF-8.
 */
const ctx = e2eContext();
const API = '/services/admin-service/api';
const UNKNOWN_IMPORT = '00000000-0000-4000-8000-000000000000';
const UPLOAD_MUTATION = `mutation Upload($input: EventParticipantImportInput!, $file: Upload!) {
  uploadEventParticipants(input: $input, file: $file) { id state }
}`;

let knex: Knex;
let olga: HttpClient;
let eventId: number;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  await configureMemberOidc(knex);
  const org = (await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number };
  eventId = (await createEvent(knex, org.id)).id;
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

const CSV = Buffer.from(`Vorname;Nachname\n${'Ines;Quandt\n'.repeat(200)}`);

/** A valid upload cut off in the middle of its file: no closing delimiter ever comes. */
function truncatedUpload(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const { body, contentType } = multipartBody(fields, [{ field: 'file', fileName: 'teilnehmer.csv', contentType: 'text/csv', data: CSV }]);
  return { body: body.subarray(0, body.length - CSV.length / 2), contentType };
}

async function importsServiceUnchanged(): Promise<void> {
  expect(() => process.kill(ctx.pids.imports, 0)).not.toThrow();
  expect((await fetch(`${ctx.urls.imports}/actuator/health`)).status).toBe(200);
}

const REST_UPLOADS = [
  ['PUT', `${API}/event-participants/import`],
  ['POST', `${API}/imports/preview`],
  ['POST', `${API}/imports/${UNKNOWN_IMPORT}/corrections`],
] as const;

describe('a truncated upload', () => {
  it('from an anonymous registration (not an operator): 403 before the body is parsed, on every REST upload path', async () => {
    const anonymous = memberOidcBrowser();
    expect((await anonymous.post('/api/auth/anonymous')).status).toBe(200);
    const { body, contentType } = truncatedUpload({ eventId: String(eventId) });
    for (const [method, path] of REST_UPLOADS) {
      const res = await anonymous.request(method, path, { body, headers: { 'content-type': contentType } });
      expect([path, res.status, res.json()]).toEqual([path, 403, expect.objectContaining({ error: 'Forbidden', code: 'NOT_AN_OPERATOR' })]);
      await importsServiceUnchanged();
    }
  });

  it('a whole 4 MB upload from an anonymous registration: 403 too, the proxy not reset into a 502', async () => {
    const anonymous = memberOidcBrowser();
    expect((await anonymous.post('/api/auth/anonymous')).status).toBe(200);
    const big = Buffer.from(`Vorname;Nachname\n${'Ines;Quandt\n'.repeat(350_000)}`);
    const { body, contentType } = multipartBody({ eventId: String(eventId) }, [
      { field: 'file', fileName: 'teilnehmer.csv', contentType: 'text/csv', data: big },
    ]);
    for (const [method, path] of REST_UPLOADS) {
      const res = await anonymous.request(method, path, { body, headers: { 'content-type': contentType } });
      expect([path, res.status]).toEqual([path, 403]);
    }
    await importsServiceUnchanged();
  });

  it('from an anonymous registration over GraphQL: refused as not an operator', async () => {
    const anonymous = memberOidcBrowser();
    expect((await anonymous.post('/api/auth/anonymous')).status).toBe(200);
    const { body, contentType } = graphqlUploadBody(
      UPLOAD_MUTATION,
      { input: { eventId: String(eventId) } },
      { fileName: 'teilnehmer.csv', contentType: 'text/csv', data: CSV },
    );
    const res = await anonymous.request('POST', '/graphql', {
      body: body.subarray(0, body.length - CSV.length / 2),
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect(res.json<{ errors: Array<{ extensions: { code: string } }> }>().errors[0]?.extensions.code).toBe('NOT_AN_OPERATOR');
    await importsServiceUnchanged();
  });

  it('from an operator: 400 BROKEN_MULTIPART (404 for an import that does not exist), and nothing stored', async () => {
    const files = await knex('imports.uploadFiles').count();
    const { body, contentType } = truncatedUpload({ eventId: String(eventId) });
    const answers: Array<[string, number, string]> = [];
    for (const [method, path] of REST_UPLOADS) {
      const res = await olga.request(method, path, { body, headers: { 'content-type': contentType } });
      answers.push([path, res.status, res.json<{ code: string }>().code]);
      await importsServiceUnchanged();
    }
    expect(answers).toEqual([
      [REST_UPLOADS[0][1], 400, 'BROKEN_MULTIPART'],
      [REST_UPLOADS[1][1], 400, 'BROKEN_MULTIPART'],
      [REST_UPLOADS[2][1], 404, 'IMPORT_NOT_FOUND'],
    ]);
    expect(await knex('imports.uploadFiles').count()).toEqual(files);
  });

  it('from an operator over GraphQL: HTTP 400 with BROKEN_MULTIPART, not an internal error', async () => {
    const { body, contentType } = graphqlUploadBody(
      UPLOAD_MUTATION,
      { input: { eventId: String(eventId) } },
      { fileName: 'teilnehmer.csv', contentType: 'text/csv', data: CSV },
    );
    const res = await olga.request('POST', '/graphql', {
      body: body.subarray(0, body.length - CSV.length / 2),
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(400);
    expect(res.json<{ errors: Array<{ extensions: { code: string } }> }>().errors[0]?.extensions.code).toBe('BROKEN_MULTIPART');
    await importsServiceUnchanged();
  });

  it('cut off before the GraphQL operation is complete: 400 in the contract shape', async () => {
    const { body, contentType } = graphqlUploadBody(
      UPLOAD_MUTATION,
      { input: { eventId: String(eventId) } },
      { fileName: 'teilnehmer.csv', contentType: 'text/csv', data: CSV },
    );
    const res = await olga.request('POST', '/graphql', {
      body: body.subarray(0, 60),
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect([res.status, res.json()]).toEqual([400, expect.objectContaining({ error: 'Bad Request', code: 'BROKEN_MULTIPART' })]);
    await importsServiceUnchanged();
  });
});

describe('file names in UTF-8', () => {
  const NAME = 'Köln-Ergebnisse €.csv';
  const data = Buffer.from('Vorname;Nachname;Geburtsdatum\nÄnne;Groß;1990-01-01\n');
  const stored = async (jobId: string) =>
    (await olga.get(`${API}/imports/${jobId}`)).json<{ config: { fileName: string } }>().config.fileName;

  it('a REST upload keeps "Köln-Ergebnisse €.csv" as sent', async () => {
    const { body, contentType } = multipartBody({ eventId: String(eventId) }, [
      { field: 'file', fileName: NAME, contentType: 'text/csv', data },
    ]);
    const res = await olga.request('PUT', `${API}/event-participants/import`, { body, headers: { 'content-type': contentType } });
    expect(res.status).toBe(201);
    expect(await stored(res.json<{ id: string }>().id)).toBe(NAME);
  });

  it('a GraphQL upload keeps it too', async () => {
    const { body, contentType } = graphqlUploadBody(
      UPLOAD_MUTATION,
      { input: { eventId: String(eventId) } },
      { fileName: NAME, contentType: 'text/csv', data },
    );
    const res = await olga.request('POST', '/graphql', {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    const { data: answer } = res.json<{ data: { uploadEventParticipants: { id: string } } }>();
    expect(await stored(answer.uploadEventParticipants.id)).toBe(NAME);
  });

  it('a preview answers with the rows of a file named so', async () => {
    const { body, contentType } = multipartBody({}, [{ field: 'file', fileName: NAME, contentType: 'text/csv', data }]);
    const res = await olga.request('POST', `${API}/imports/preview`, { body, headers: { 'content-type': contentType } });
    expect(res.status).toBe(200);
  });
});
