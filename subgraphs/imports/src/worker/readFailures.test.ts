import iconv from 'iconv-lite';
import { z } from 'zod';
import { moveJob } from '../data/jobs';
import { getImport } from '../domain/commands';
import { importLimitsShape, readLimitsOf } from '../env';
import { sheetXml, understateZipSizes, workbookParts, zipOf } from '../parsing/testFiles';
import { bytesUpload, csvUpload, importsFixture, uploadParticipants, type ImportsFixture } from '../testing/fixture';
import type { Upload } from '../domain/commands';

/**
 * Every failure of reading a file ends the job FAILED with a typed reason, recorded and logged
 * (docs/imports.md, "Reading files" and "Job states"): hostile workbooks, unstorable text, wide
 * files. The worker's pipeline in-process on a real PostgreSQL.
 */

let f: ImportsFixture;
let eventId: number;

beforeAll(async () => {
  f = await importsFixture();
  eventId = (await f.event()).id;
});
afterAll(() => f.drop());

const PEOPLE = [
  ['Vorname', 'Nachname'],
  ['Anna', 'Berg'],
];

async function importOf(upload: Upload) {
  const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, upload);
  return getImport(f.operator(), job.id);
}

describe('a workbook is read by one index', () => {
  it('a local entry the central directory leaves out: FAILED as no valid workbook, never read', async () => {
    const hidden = Buffer.from(sheetXml([['x']]).replace('</sheetData>', `${'<row/>'.repeat(3_000_000)}</sheetData>`));
    const bytes = zipOf(
      { 'xl/worksheets/sheet2.xml': hidden, ...workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }]) },
      { unlisted: ['xl/worksheets/sheet2.xml'] },
    );
    const job = await importOf(bytesUpload(bytes, 'hidden.xlsx'));
    expect(job).toMatchObject({ state: 'FAILED', error: { message: 'The file is not a valid XLSX workbook' } });
  });

  it('parts that inflate past the limit while declaring small sizes: FAILED as too large', async () => {
    const strings = `<sst>${'<si><t>abcdefghij</t></si>'.repeat(100_000)}</sst>`;
    const bytes = understateZipSizes(zipOf(workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }], { 'xl/sharedStrings.xml': strings })));
    const small = await importsFixture({ limits: { ...f.pipeline.limits, xlsxMaxUncompressedBytes: 1_000_000 } });
    try {
      const event = await small.event();
      const job = await uploadParticipants(small.deps, small.operator(), { eventId: String(event.id) }, bytesUpload(bytes, 'b.xlsx'));
      expect(await getImport(small.operator(), job.id)).toMatchObject({
        state: 'FAILED',
        error: { message: 'The workbook is too large to read' },
      });
    } finally {
      await small.drop();
    }
  });
});

describe('the reader child is bounded in memory', () => {
  it('shared strings that grow the reader past IMPORT_XLSX_WORKER_MEMORY_MB: killed, FAILED as too large', async () => {
    // Limits as env.ts reads them, the reader's memory limit lowered so that a 100 kB upload reaches it.
    const limits = readLimitsOf(z.object(importLimitsShape).parse({ IMPORT_XLSX_WORKER_MEMORY_MB: '200' }));
    const strings = `<sst>${'<si><t>abcdefghij</t></si>'.repeat(3_000_000)}</sst>`;
    const bytes = zipOf(workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }], { 'xl/sharedStrings.xml': strings }));
    const bounded = await importsFixture({ limits });
    try {
      const event = await bounded.event();
      const job = await uploadParticipants(bounded.deps, bounded.operator(), { eventId: String(event.id) }, bytesUpload(bytes, 's.xlsx'));
      expect(await getImport(bounded.operator(), job.id)).toMatchObject({
        state: 'FAILED',
        error: { message: 'The workbook is too large to read' },
      });
    } finally {
      await bounded.drop();
    }
  }, 60_000);
});

describe('every failure is recorded', () => {
  it('a NUL in a sheet name (&#0;): FAILED as no valid workbook, not left in PARSING', async () => {
    // A chart sheet: its name went into the failure message ("holds no table"), which jsonb refused.
    const parts = workbookParts([{ name: 'Grafik&#0;', xml: sheetXml([]) }]);
    const rels = String(parts['xl/_rels/workbook.xml.rels']).replace('worksheets/sheet1.xml', 'chartsheets/sheet1.xml');
    const bytes = zipOf({ ...parts, 'xl/_rels/workbook.xml.rels': rels });
    const job = await importOf(bytesUpload(bytes, 'nul.xlsx'));
    expect(job).toMatchObject({ state: 'FAILED', error: { message: 'The file is not a valid XLSX workbook' } });
  });

  it('an invalid character reference in workbook.xml (&#x110000;): a typed failure', async () => {
    const bytes = zipOf(workbookParts([{ name: 'Lauf&#x110000;', xml: sheetXml(PEOPLE) }]));
    const job = await importOf(bytesUpload(bytes, 'ref.xlsx'));
    expect(job).toMatchObject({ state: 'FAILED', error: { message: 'The file is not a valid XLSX workbook' } });
  });

  it('a failure whose message cannot be stored: logged, and the job ends FAILED with the generic message', async () => {
    // The database refuses this message (as it refused a NUL in jsonb); any other write goes through.
    await f.knex.raw(`
      CREATE FUNCTION imports.refuse_giftig() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.error->>'message' LIKE '%Giftig%' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_giftig BEFORE UPDATE ON imports.import_jobs FOR EACH ROW EXECUTE FUNCTION imports.refuse_giftig();`);
    const logged = jest.spyOn(f.pipeline.logger, 'error');
    try {
      const job = await importOf(bytesUpload(zipOf(workbookParts([{ name: 'Giftig', xml: sheetXml([]) }])), 'g.xlsx'));
      expect(job).toMatchObject({
        state: 'FAILED',
        error: { message: "The import failed unexpectedly; the worker's log has the details" },
      });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ jobId: job.id, state: 'PARSING' }),
        'import job failure could not be recorded',
      );
    } finally {
      logged.mockRestore();
      await f.knex.raw('DROP TRIGGER refuse_giftig ON imports.import_jobs; DROP FUNCTION imports.refuse_giftig()');
    }
  });
});

describe('text from a file', () => {
  it('is made storable before it reaches jsonb: a NUL or a lone surrogate in a failure message is stored as U+FFFD', async () => {
    const job = await importOf(csvUpload('Vorname,Nachname\nAnna,Berg\n'));
    await f.knex('imports.import_jobs').where({ id: job.id }).update({ state: 'PARSING' });
    const message = 'Das Blatt "A\u0000B\ud800" ist leer';
    expect(await moveJob(f.knex, job.id, 'PARSING', 'FAILED', { error: { message }, columns: null })).toBe(true);
    expect((await getImport(f.operator(), job.id)).error).toEqual({ message: 'Das Blatt "A\ufffdB\ufffd" ist leer' });
  });

  it('a lone surrogate in a UTF-16 file: FAILED by its line, not stored as U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Vorname;Nachname\nAn\ud800na;Berg\n', 'utf-16le')]);
    const job = await importOf(bytesUpload(bytes, 'utf16.csv'));
    expect(job).toMatchObject({
      state: 'FAILED',
      error: { message: 'Line 2 contains a broken character (half of a UTF-16 surrogate pair), which is not text' },
    });
  });

  it('a 100,000-column file: FAILED with why, its job answer small', async () => {
    const header = ['Vorname', 'Nachname', ...Array.from({ length: 99_998 }, (_, i) => `c${i}`)].join(',');
    const job = await importOf(csvUpload(`${header}\nAnna,Berg\n`));
    expect(job).toMatchObject({
      state: 'FAILED',
      columns: null,
      error: { message: 'The header row names 100000 columns; an import reads at most 1000' },
    });
    expect(JSON.stringify(job).length).toBeLessThan(5000);
  });
});
