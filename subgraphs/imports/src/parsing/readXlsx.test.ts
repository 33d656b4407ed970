import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { InputError } from '@ems/schema';
import { openTable } from './openTable';
import { bytesSource, LIMITS, sheetXml, understateZipSizes, workbookParts, zipOf } from './testFiles';
import type { TableBatch, TableReadOptions } from './types';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parsing-xlsx-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return readFile(file);
}

async function readXlsx(bytes: Buffer, options: Partial<TableReadOptions> = {}) {
  const table = await openTable(bytesSource(bytes, 65536), { ...LIMITS, ...options });
  const batches: TableBatch[] = [];
  try {
    for await (const batch of table.batches) batches.push(batch);
  } finally {
    await table.close();
  }
  return { table, batches, rows: batches.flatMap((b) => b.rows) };
}

async function inputErrorOf(bytes: Buffer, options: Partial<TableReadOptions> = {}): Promise<string> {
  try {
    await readXlsx(bytes, options);
  } catch (err) {
    if (err instanceof InputError) return err.message;
    throw err;
  }
  throw new Error('expected an InputError');
}

const participants = (workbook: ExcelJS.Workbook) => {
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow([' Name ', 'Born', 'Start', 'Bib', 'Time', 'Paid', 'Note', 'Double']);
  sheet.addRow(['Müller', new Date(Date.UTC(1990, 4, 17)), new Date(Date.UTC(2026, 5, 1, 9, 30, 15)), 42, 0.1 + 0.2, true]);
  sheet.getCell('G2').value = { richText: [{ text: 'fast ' }, { font: { bold: true }, text: 'runner' }] };
  sheet.getCell('H2').value = { formula: 'D2*2', result: 84 };
  sheet.addRow(['Schmidt', null, null, 7, null, false, { text: 'site', hyperlink: 'https://example.com' }]);
  sheet.getCell('H3').value = { formula: 'DATE(2020,1,2)', result: 43832 };
  sheet.getCell('H3').numFmt = 'yyyy-mm-dd';
  const second = workbook.addWorksheet('Clubs');
  second.addRow(['Club']);
  second.addRow(['SV Nord']);
  second.addRow([]);
  second.getCell('A5').value = 'TSV Süd';
};

describe('XLSX', () => {
  it('reads the first sheet by default, with cells as an operator would type them', async () => {
    const { table, batches } = await readXlsx(await workbookBytes(participants));
    expect(table).toMatchObject({ kind: 'xlsx', sheetName: 'Participants', sheetNames: ['Participants', 'Clubs'] });
    expect(table.header).toEqual(['Name', 'Born', 'Start', 'Bib', 'Time', 'Paid', 'Note', 'Double']);
    expect(batches).toEqual([
      {
        firstRowNumber: 2,
        rows: [
          ['Müller', '1990-05-17', '2026-06-01T09:30:15', '42', '0.3', 'TRUE', 'fast runner', '84'],
          ['Schmidt', '', '', '7', '', 'FALSE', 'site', '2020-01-02'],
        ],
      },
    ]);
  });

  it('reads the sheet sheetIndex names, numbering rows as Excel does and skipping empty ones', async () => {
    const { table, batches } = await readXlsx(await workbookBytes(participants), { sheetIndex: 1 });
    expect(table.sheetName).toBe('Clubs');
    expect(batches).toEqual([
      { firstRowNumber: 2, rows: [['SV Nord']] },
      { firstRowNumber: 5, rows: [['TSV Süd']] },
    ]);
  });

  it('refuses a sheetIndex past the last sheet, naming how many there are', async () => {
    await expect(inputErrorOf(await workbookBytes(participants), { sheetIndex: 2 })).resolves.toBe(
      'Sheet index 2 does not exist: the workbook has 2 sheets (indexes start at 0)',
    );
  });

  it('reads dates of a workbook in the 1904 date system, typed and as a formula result', async () => {
    const bytes = await workbookBytes((w) => {
      w.properties.date1904 = true;
      const sheet = w.addWorksheet('Mac');
      sheet.addRow(['Born', 'Start']);
      sheet.addRow([new Date(Date.UTC(1990, 4, 17)), { formula: 'DATE(2020,1,2)', result: 42370 }]);
      sheet.getCell('A2').numFmt = 'dd.mm.yyyy';
      sheet.getCell('B2').numFmt = 'yyyy-mm-dd';
    });
    expect((await readXlsx(bytes)).rows).toEqual([['1990-05-17', '2020-01-02']]);
  });

  it('refuses an empty sheet', async () => {
    const bytes = await workbookBytes((w) => w.addWorksheet('Leer'));
    await expect(inputErrorOf(bytes)).resolves.toBe('The sheet "Leer" is empty');
  });

  it('refuses a sheet with a header row but no data rows', async () => {
    const bytes = await workbookBytes((w) => w.addWorksheet('Only header').addRow(['Name', 'Club']));
    await expect(inputErrorOf(bytes)).resolves.toBe('The file has a header row but no data rows');
  });

  it('refuses more data rows than maxRows', async () => {
    const bytes = await workbookBytes((w) => {
      const sheet = w.addWorksheet('Many');
      sheet.addRow(['n']);
      for (let i = 0; i < 50; i++) sheet.addRow([i]);
    });
    await expect(inputErrorOf(bytes, { maxRows: 10, batchSize: 4 })).resolves.toMatch(/^The file has more than 10 data rows/);
  });

  it('refuses a zip that is not a workbook', async () => {
    await expect(inputErrorOf(zipOf({ 'word/document.xml': '<w:document/>', 'readme.txt': 'hello' }))).resolves.toBe(
      'The file is not a valid XLSX workbook',
    );
  });

  it('refuses a file starting like a zip that is none', async () => {
    await expect(inputErrorOf(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100, 1)]))).resolves.toBe(
      'The file is not a valid XLSX workbook',
    );
  });

  it('refuses a workbook whose parts are broken XML', async () => {
    const bytes = zipOf({
      'xl/workbook.xml': '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row><row r="2"><c r="A2"></row></sheetData></worksheet>',
    });
    await expect(inputErrorOf(bytes)).resolves.toBe('The file is not a valid XLSX workbook');
  });

  const bomb = () =>
    workbookBytes((w) => {
      const sheet = w.addWorksheet('Bomb');
      sheet.addRow(['a']);
      for (let i = 0; i < 20_000; i++) sheet.addRow(['x'.repeat(50)]);
    });

  it('refuses a workbook whose declared sizes pass xlsxMaxUncompressedBytes', async () => {
    await expect(inputErrorOf(await bomb(), { xlsxMaxUncompressedBytes: 200_000 })).resolves.toBe('The workbook is too large to read');
  });

  it('refuses a workbook that inflates past xlsxMaxUncompressedBytes while declaring small sizes', async () => {
    // Counted while the parts are read, so the rows cap must not stop the read first.
    const lying = understateZipSizes(await bomb());
    await expect(inputErrorOf(lying, { xlsxMaxUncompressedBytes: 200_000, maxRows: 100_000 })).resolves.toBe(
      'The workbook is too large to read',
    );
  });

  it('reports a reader that runs out of memory as a workbook too large to read', async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'heavy.xlsx'), useSharedStrings: true });
    const sheet = workbook.addWorksheet('Heavy');
    sheet.addRow(['a', 'b']).commit();
    for (let i = 0; i < 150_000; i++) sheet.addRow([`${i}-${'y'.repeat(200)}`, i]).commit();
    sheet.commit();
    await workbook.commit();
    const bytes = await readFile(path.join(dir, 'heavy.xlsx'));
    await expect(inputErrorOf(bytes, { xlsxWorkerMemoryMb: 24, maxRows: 1_000_000 })).resolves.toBe('The workbook is too large to read');
  }, 60_000);
});

const PEOPLE = [
  ['Name', 'Ort'],
  ['Ann', 'Köln'],
];

describe('XLSX: archives are read by one index (docs/imports.md, "Reading files")', () => {
  it('reads a workbook whose local entries and central directory agree', async () => {
    const { table, rows } = await readXlsx(zipOf(workbookParts([{ name: 'A &amp; B', xml: sheetXml(PEOPLE) }])));
    expect([table.sheetName, table.header, rows]).toEqual(['A & B', ['Name', 'Ort'], [['Ann', 'Köln']]]);
  });

  it('refuses a local entry the central directory leaves out (a sheet spooled before the shared strings)', async () => {
    // 20 MB of a second sheet in 20 kB: exceljs walked the local headers and spooled it to disk.
    const hidden = Buffer.from(sheetXml([['x'.repeat(1000)]]).replace('</sheetData>', `${'<row/>'.repeat(3_500_000)}</sheetData>`));
    const parts = workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }]);
    const bytes = zipOf({ 'xl/worksheets/sheet2.xml': hidden, ...parts }, { unlisted: ['xl/worksheets/sheet2.xml'] });
    await expect(inputErrorOf(bytes)).resolves.toBe('The file is not a valid XLSX workbook');
  });

  it.each([
    [
      'a local header naming another part',
      (zip: Buffer) => zip.fill('Y', zip.indexOf('xl/workbook.xml') + 3, zip.indexOf('xl/workbook.xml') + 4),
    ],
    ['bytes before the first entry', (zip: Buffer) => Buffer.concat([Buffer.from('PK\x03\x04junk', 'latin1'), zip])],
  ])('refuses %s', async (_, damage) => {
    const zip = zipOf(workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }]));
    await expect(inputErrorOf(damage(Buffer.from(zip)))).resolves.toBe('The file is not a valid XLSX workbook');
  });

  it('refuses two spellings of one part', async () => {
    const parts = workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }], { 'xl/Worksheets/Sheet1.xml': sheetXml([['other']]) });
    await expect(inputErrorOf(zipOf(parts))).resolves.toBe('The file is not a valid XLSX workbook');
  });

  it.each([['&#0;'], ['&#x110000;'], ['&#xD800;'], ['\\u0001']])('refuses a sheet name holding %s as no valid workbook', async (shown) => {
    const bad = shown === '\\u0001' ? '\u0001' : shown;
    const bytes = zipOf(workbookParts([{ name: `Lauf${bad}`, xml: sheetXml(PEOPLE) }]));
    await expect(inputErrorOf(bytes)).resolves.toBe('The file is not a valid XLSX workbook');
  });

  it('answers a workbook.xml holding a 1 MB attribute name without an equals sign within a second', async () => {
    // Regexes over attributes backtracked quadratically on such a run: 160,000 characters took 16 s.
    const bytes = zipOf({
      ...workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }]),
      'xl/workbook.xml': `<workbook><sheets><sheet ${'a'.repeat(1024 * 1024)}/></sheets></workbook>`,
    });
    const started = performance.now();
    await expect(inputErrorOf(bytes)).resolves.toBe('The file is not a valid XLSX workbook');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a character reference XML cannot hold in a cell', async () => {
    const bytes = zipOf(workbookParts([{ name: 'S', xml: sheetXml(PEOPLE).replace('Köln', 'K&amp;#0;ln').replace('&amp;#0;', '&#0;') }]));
    await expect(inputErrorOf(bytes)).resolves.toBe('The file is not a valid XLSX workbook');
  });

  it('keeps a character whole when it is split between two inflated chunks', async () => {
    // Three bytes a character, so the inflated chunks (16 kB) end inside one.
    const rows = [['Name'], ...Array.from({ length: 300 }, (_, i) => [`${i} ${'中文'.repeat(200)}`])];
    const { rows: read } = await readXlsx(zipOf(workbookParts([{ name: 'S', xml: sheetXml(rows) }])), { maxRows: 5000 });
    expect(read).toEqual(rows.slice(1));
  });

  it('refuses a workbook that inflates past the budget in its shared strings, whatever it declares', async () => {
    const strings = `<sst>${'<si><t>abcdefghij</t></si>'.repeat(40_000)}</sst>`;
    const parts = workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }], { 'xl/sharedStrings.xml': strings });
    await expect(inputErrorOf(understateZipSizes(zipOf(parts)), { xlsxMaxUncompressedBytes: 500_000 })).resolves.toBe(
      'The workbook is too large to read',
    );
  });

  it('reads a workbook written sheet before shared strings, as exceljs and Excel write them, with no temp disk beyond the upload', async () => {
    // exceljs's own reader held back (spooled to disk) every sheet it met before the shared strings.
    const rows = Array.from({ length: 10_000 }, (_, i) => [`Name ${i}`, `Ort ${i}`, `Club ${i % 100}`]);
    const bytes = await workbookBytes((w) => w.addWorksheet('Members').addRows([['Name', 'Ort', 'Club'], ...rows]));
    expect(bytes.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(bytes.indexOf('xl/sharedStrings.xml'));
    // The budget holds the spooled upload and not one byte more (the watchdog measures the directory).
    const { rows: read } = await readXlsx(bytes, { xlsxTempDiskBytes: bytes.length, maxRows: 20_000 });
    expect(read).toEqual(rows);
  });

  it('refuses a workbook larger than its temp-disk budget before reading it', async () => {
    const parts = workbookParts([{ name: 'S', xml: sheetXml(PEOPLE) }], { 'xl/media/image1.bin': randomBytes(300_000) });
    await expect(inputErrorOf(zipOf(parts), { xlsxTempDiskBytes: 200_000 })).resolves.toBe('The workbook is too large to read');
  });
});
