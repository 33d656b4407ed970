import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { InputError } from '@ems/schema';
import { sheetXml, workbookParts, zipOf } from '../../parsing/testFiles';
import { bytesUpload, importsFixture, TEST_READ_LIMITS, type ImportsFixture } from '../../testing/fixture';
import { previewFile } from './filePreview';

/** `POST /api/imports/preview`'s domain function on hostile workbooks (docs/imports.md, "Preview"). */

let f: ImportsFixture;
beforeAll(async () => {
  f = await importsFixture();
});
afterAll(() => f.drop());

const PEOPLE = [
  ['Vorname', 'Nachname'],
  ['Anna', 'Berg'],
];

const preview = (bytes: Buffer, limits = TEST_READ_LIMITS, signal?: AbortSignal) =>
  previewFile(f.deps, limits, f.operator(), Promise.resolve({}), bytesUpload(bytes, 'book.xlsx'), signal);

async function refusalOf(promise: Promise<unknown>): Promise<InputError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof InputError)) throw new Error(`expected an InputError (400), got ${String(err)}`);
  return err;
}

/** This process's XLSX reader children still alive (Linux /proc). */
async function readerChildren(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== process.pid) continue;
    if ((await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '')).includes('xlsxWorker')) found.push(Number(name));
  }
  return found;
}

describe('preview of a workbook that is none', () => {
  it('a local entry the central directory leaves out: 400 not a valid workbook', async () => {
    const bytes = zipOf(
      { 'xl/worksheets/sheet2.xml': sheetXml([['x']]), ...workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }]) },
      { unlisted: ['xl/worksheets/sheet2.xml'] },
    );
    const refusal = await refusalOf(preview(bytes));
    expect(refusal.toBody()).toEqual({ error: 'Bad Request', message: 'The file is not a valid XLSX workbook', code: 'INVALID_XLSX' });
  });

  it('an invalid character reference in workbook.xml (&#x110000;): 400, not 500', async () => {
    const refusal = await refusalOf(preview(zipOf(workbookParts([{ name: 'Lauf&#x110000;', xml: sheetXml(PEOPLE) }]))));
    expect(refusal.code).toBe('INVALID_XLSX');
  });

  it('a sheet that is no table is still a problem to show, with the sheets to choose from', async () => {
    const bytes = zipOf(
      workbookParts([
        { name: 'Leer', xml: sheetXml([]) },
        { name: 'Starter', xml: sheetXml(PEOPLE) },
      ]),
    );
    expect(await preview(bytes)).toMatchObject({ sheets: ['Leer', 'Starter'], problem: 'The sheet "Leer" is empty' });
  });
});

describe('a preview whose client has gone', () => {
  it('ends the read and kills its reader child', async () => {
    const strings = `<sst>${'<si><t>abcdefghij</t></si>'.repeat(3_000_000)}</sst>`;
    const bytes = zipOf(workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }], { 'xl/sharedStrings.xml': strings }));
    const client = new AbortController();
    const reading = preview(
      bytes,
      { ...TEST_READ_LIMITS, xlsxWorkerMemoryMb: 2048, xlsxMaxUncompressedBytes: 200 * 1024 * 1024 },
      client.signal,
    );
    reading.catch(() => undefined);
    while ((await readerChildren()).length === 0) await sleep(20);
    const reason = new InputError('gone', { code: 'PREVIEW_ABANDONED' });
    client.abort(reason);
    await expect(reading).rejects.toBe(reason);
    expect(await readerChildren()).toEqual([]);
  }, 30_000);
});
