import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ConflictError, InputError, NotFoundError } from '@ems/schema';
import { cancelImport, getImport, getImportWithCorrections, submitCellMappings } from '../commands';
import { csvUpload, importsFixture, uploadParticipants, type ImportsFixture } from '../../testing/fixture';
import { failedRowsFile } from './failedRowsFile';
import { uploadCorrections } from './corrections';

/**
 * Failed rows and corrections (docs/imports.md) in one process on a real PostgreSQL: the failed
 * rows of a participant import downloaded as CSV, corrected, and imported again as a job linked
 * to the first. (Through the router and the worker process: tests/e2e/imports-failed-rows.test.ts.)
 */

let f: ImportsFixture;

beforeAll(async () => {
  f = await importsFixture({ chunkRows: 2 });
});
afterAll(() => f.drop());

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function download(jobId: string) {
  const file = await failedRowsFile(f.deps, f.operator(), jobId);
  return { fileName: file.fileName, text: await text(file.content) };
}

const records = (csv: string) => parse(csv, { bom: true, relax_column_count: false }) as string[][];

// Row 3 fails on its date and holds cells a spreadsheet would take for formulas; row 4 names a
// category the operator answers "none" for (FK_MISMATCH); row 6 has no first name.
const FILE = [
  'First name,Last name,Date of birth,Category,Note',
  'Anna,Berg,1990-05-01,W,ok',
  '=Eva,-Smith,31.02.1990,W,=1+2',
  'Johann,Müller,1975-03-14,Senioren,-12.5',
  'Lena,Neu,2001-07-07,W,"line one\nline two, with ""quotes"""',
  ',Leer,1999-01-01,M,@home',
].join('\r\n');

describe('failed rows: a download of the failed rows, corrected and imported again', () => {
  let eventId: number;
  let jobId: string;
  let csv: string;

  beforeAll(async () => {
    eventId = (await f.event({ customFieldLabels: ['Note', null, null] })).id;
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      { eventId: String(eventId), createCustom1: 'Note' },
      csvUpload(FILE, 'Teilnehmer.csv'),
    );
    jobId = job.id;
    const done = await submitCellMappings(f.deps, f.operator(), jobId, [{ fkType: 'category', value: 'Senioren', targetId: null }]);
    expect(done).toMatchObject({ state: 'COMPLETED', counts: expect.objectContaining({ created: 2, failed: 3 }) });
  });

  it('is a UTF-8 CSV with a BOM, CRLF, every value quoted: the header and cells as read, then category, detail and row number', async () => {
    const file = await download(jobId);
    csv = file.text;
    expect(file.fileName).toBe('Teilnehmer-failed-rows.csv');
    expect(
      csv.startsWith(
        '\uFEFF"First name","Last name","Date of birth","Category","Note","Failure category","Failure detail","Failed row"\r\n',
      ),
    ).toBe(true);
    expect(records(csv)).toEqual([
      ['First name', 'Last name', 'Date of birth', 'Category', 'Note', 'Failure category', 'Failure detail', 'Failed row'],
      [
        "'=Eva",
        "'-Smith",
        '31.02.1990',
        'W',
        "'=1+2",
        'FAILED',
        'Date of birth "31.02.1990" is not a date (use YYYY-MM-DD or DD.MM.YYYY)',
        '3',
      ],
      [
        'Johann',
        'Müller',
        '1975-03-14',
        'Senioren',
        "'-12.5",
        'FK_MISMATCH',
        'Category "Senioren" is none of the event\'s categories ("none" was chosen for it)',
        '4',
      ],
      ['', 'Leer', '1999-01-01', 'M', "'@home", 'FAILED', 'First name is empty', '6'],
    ]);
  });

  it('imports the corrected rows as a new job linked to the first, with its settings and mappings, and the neutralised cells read back unchanged', async () => {
    const [header, ...rows] = records(csv);
    // The operator fixes the date, the category and the missing first name in a spreadsheet, which
    // keeps the quotes it was shown (Excel shows and saves them as text).
    const corrected = rows.map((r) => {
      if (r[7] === '3') return ["'=Eva", "'-Smith", '1990-02-28', 'W', "'=1+2", ...r.slice(5)];
      if (r[7] === '4') return ['Johann', 'Müller', '1975-03-14', 'M40', "'-12.5", ...r.slice(5)];
      return ['Mia', 'Leer', '1999-01-01', 'M', "'@home", ...r.slice(5)];
    });
    const file = `\uFEFF${stringify([header!, ...corrected], { record_delimiter: 'windows' })}`;
    const job = await uploadCorrections(f.deps, f.operator(), jobId, {}, csvUpload(file, 'Teilnehmer-failed-rows.csv'));
    expect(job.correctsJobId).toBe(jobId);

    const view = await getImport(f.operator(), job.id);
    expect(view).toMatchObject({ state: 'COMPLETED', eventId, counts: expect.objectContaining({ rows: 3, created: 3, failed: 0 }) });
    expect(view.config).toMatchObject({
      eventId,
      createCustom: ['Note', null, null],
      sheetIndex: 0,
      fileName: 'Teilnehmer-failed-rows.csv',
    });
    expect(view.ignoredColumns).toEqual(['Failure category', 'Failure detail', 'Failed row']);
    expect(view.columns?.mappings.slice(0, 5).map((m) => [m.field, m.matchedBy])).toEqual([
      ['firstName', 'TEMPLATE'],
      ['lastName', 'TEMPLATE'],
      ['dateOfBirth', 'TEMPLATE'],
      ['category', 'TEMPLATE'],
      ['custom1', 'CUSTOM'],
    ]);
    const staged = await f.knex('imports.jobRows').where({ jobId: job.id }).orderBy('rowNo').pluck('cells');
    expect((staged as string[][]).map((cells) => cells.slice(0, 5))).toEqual([
      ['=Eva', '-Smith', '1990-02-28', 'W', '=1+2'],
      ['Johann', 'Müller', '1975-03-14', 'M40', '-12.5'],
      ['Mia', 'Leer', '1999-01-01', 'M', '@home'],
    ]);
    const participants = await f
      .knex('membership.participants as pa')
      .join('membership.persons as p', 'p.id', 'pa.personId')
      .where('pa.eventId', eventId)
      .orderBy('pa.id')
      .select('p.firstName', 'p.lastName', 'pa.custom1');
    expect(participants).toEqual([
      { firstName: 'Anna', lastName: 'Berg', custom1: 'ok' },
      { firstName: 'Lena', lastName: 'Neu', custom1: 'line one\nline two, with "quotes"' },
      { firstName: '=Eva', lastName: '-Smith', custom1: '=1+2' },
      { firstName: 'Johann', lastName: 'Müller', custom1: '-12.5' },
      { firstName: 'Mia', lastName: 'Leer', custom1: '@home' },
    ]);
    expect((await getImportWithCorrections(f.deps, f.operator(), jobId)).correctedByJobIds).toEqual([job.id]);
  });

  it('a corrections job’s own failed rows download with the same columns (the earlier failure columns are not repeated)', async () => {
    const [header, , johann] = records(csv);
    const stillWrong = `\uFEFF${stringify([header!, johann!.map((c, i) => (i === 2 ? 'not a date' : c))])}`;
    const job = await uploadCorrections(f.deps, f.operator(), jobId, {}, csvUpload(stillWrong, 'again.csv'));
    // "Senioren" was answered "none" on the first job: asked again, not failed silently.
    expect((await getImport(f.operator(), job.id)).state).toBe('CELLS_NEEDED');
    await submitCellMappings(f.deps, f.operator(), job.id, [{ fkType: 'category', value: 'Senioren', targetId: null }]);
    expect(records((await download(job.id)).text)).toEqual([
      header,
      [
        'Johann',
        'Müller',
        'not a date',
        'Senioren',
        "'-12.5",
        'FAILED',
        'Date of birth "not a date" is not a date (use YYYY-MM-DD or DD.MM.YYYY)',
        '2',
      ],
    ]);
  });
});

describe('failed rows: who may download or correct, and when', () => {
  let completed: string;

  beforeAll(async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      { eventId: String(eventId) },
      csvUpload('First name,Last name\nAnna,Berg\n,Leer\n'),
    );
    completed = job.id;
  });

  it('writes the failed rows with the imported file’s own delimiter, and they import again from it', async () => {
    const { id: eventId } = await f.event();
    const german = ['Vorname;Nachname;Geburtsdatum', 'Jörg;Kühn;30.02.1980', 'Eva;Ernst;01.02.1980'].join('\r\n');
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload(german, 'Teilnehmer.csv'));
    expect((await getImport(f.operator(), job.id)).counts).toMatchObject({ created: 1, failed: 1 });
    const file = (await download(job.id)).text;
    expect(file.split('\r\n')[0]).toBe('\uFEFF"Vorname";"Nachname";"Geburtsdatum";"Failure category";"Failure detail";"Failed row"');
    const corrected = file.replace('30.02.1980', '28.02.1980');
    const again = await uploadCorrections(f.deps, f.operator(), job.id, {}, csvUpload(corrected, 'Teilnehmer-failed-rows.csv'));
    expect((await getImport(f.operator(), again.id)).counts).toMatchObject({ created: 1, failed: 0 });
  });

  it('reads the failed rows of a long import page by page, in file order', async () => {
    const { id: eventId } = await f.event();
    const lines = ['First name,Last name', ...Array.from({ length: 2500 }, (_, i) => `,Name${i + 1}`)];
    f.pipeline.chunkRows = 5000;
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload(lines.join('\n'))).finally(() => {
      f.pipeline.chunkRows = 2;
    });
    const rows = records((await download(job.id)).text).slice(1);
    expect(rows).toHaveLength(2500);
    expect(rows.map((r) => r[4])).toEqual(Array.from({ length: 2500 }, (_, i) => String(i + 2)));
  });

  it('an operator of another organisation gets "not found" for the download and the corrections upload', async () => {
    await expect(failedRowsFile(f.deps, f.otherOperator(), completed)).rejects.toThrow(NotFoundError);
    await expect(uploadCorrections(f.deps, f.otherOperator(), completed, {}, csvUpload('First name,Last name\nA,B\n'))).rejects.toThrow(
      NotFoundError,
    );
  });

  it('refuses the download before the job has ended, and corrections of a job that did not complete (409)', async () => {
    const { id: eventId } = await f.event();
    const waiting = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload('Given,Family\nA,B\n'));
    expect((await getImport(f.operator(), waiting.id)).state).toBe('COLUMNS_NEEDED');
    await expect(failedRowsFile(f.deps, f.operator(), waiting.id)).rejects.toMatchObject({ code: 'IMPORT_NOT_FINISHED' });
    await cancelImport(f.deps, f.operator(), waiting.id);
    await expect(uploadCorrections(f.deps, f.operator(), waiting.id, {}, csvUpload('Given,Family\nA,B\n'))).rejects.toMatchObject({
      code: 'IMPORT_NOT_COMPLETED',
    });
  });

  it('refuses corrections of a job without failed rows (409) and form fields other than sheetIndex (400)', async () => {
    const { id: eventId } = await f.event();
    const clean = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload('First name,Last name\nA,B\n'));
    const error = await uploadCorrections(f.deps, f.operator(), clean.id, {}, csvUpload('First name,Last name\nA,B\n')).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: 'NO_FAILED_ROWS' });
    await expect(
      uploadCorrections(f.deps, f.operator(), completed, { eventId: String(eventId) }, csvUpload('First name,Last name\nA,B\n')),
    ).rejects.toThrow(InputError);
  });
});
