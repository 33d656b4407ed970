import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { InputError } from '@ems/schema';
import { openTable } from './openTable';
import { bytesSource, LIMITS } from './testFiles';
import type { OpenedTable, TableBatch, TableReadOptions } from './types';

async function allBatches(table: OpenedTable): Promise<TableBatch[]> {
  const batches: TableBatch[] = [];
  try {
    for await (const batch of table.batches) batches.push(batch);
  } finally {
    await table.close();
  }
  return batches;
}

async function readCsv(bytes: Buffer, options: Partial<TableReadOptions> = {}) {
  const table = await openTable(bytesSource(bytes), { ...LIMITS, ...options });
  const batches = await allBatches(table);
  return { table, batches, rows: batches.flatMap((b) => b.rows) };
}

async function inputErrorOf(bytes: Buffer, options: Partial<TableReadOptions> = {}): Promise<string> {
  try {
    await readCsv(bytes, options);
  } catch (err) {
    if (err instanceof InputError) return err.message;
    throw err;
  }
  throw new Error('expected an InputError');
}

const PEOPLE = 'Name;Vorname;Zeit\nMüller;Jürgen;1,5\nStraße;Zoë;2,25\n';

describe('CSV: encoding', () => {
  it.each([
    ['utf-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(PEOPLE)]), 'utf-8'],
    ['utf-8 without a BOM', Buffer.from(PEOPLE), 'utf-8'],
    ['utf-16le with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(PEOPLE, 'utf-16le')]), 'utf-16le'],
    ['utf-16be with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(PEOPLE, 'utf-16be')]), 'utf-16be'],
    ['utf-16le without a BOM', iconv.encode(PEOPLE, 'utf-16le'), 'utf-16le'],
    ['windows-1252 (German Excel "Save as CSV")', iconv.encode(PEOPLE, 'windows-1252'), 'windows-1252'],
  ])('is detected and decoded: %s', async (_, bytes, encoding) => {
    const { table, rows } = await readCsv(bytes);
    expect(table.encoding).toBe(encoding);
    expect(table.header).toEqual(['Name', 'Vorname', 'Zeit']);
    expect(rows).toEqual([
      ['Müller', 'Jürgen', '1,5'],
      ['Straße', 'Zoë', '2,25'],
    ]);
  });

  it('a NUL character in a cell fails the read by its row, whatever the encoding claims (a BOM skips the binary check)', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    // One NUL among many rows: too few control characters to call the whole file binary.
    const more = Array.from({ length: 200 }, (_, i) => `Lind${i};Bo\n`).join('');
    expect(await inputErrorOf(Buffer.concat([bom, Buffer.from(`Name;Vorname\nBer\u0000ta;Anna\n${more}`)]))).toBe(
      'Row 2 contains a NUL character, which no text cell can hold (is part of the file binary data?)',
    );
    expect(await inputErrorOf(Buffer.concat([bom, Buffer.from(`Na\u0000me;Vorname\nBerta;Anna\n${more}`)]))).toMatch(
      /^The header row contains a NUL/,
    );
  });

  it.each([
    ['utf-16le', Buffer.from([0xff, 0xfe])],
    ['utf-16be', Buffer.from([0xfe, 0xff])],
  ])(
    'a lone surrogate in %s fails the read by its line (the text rule of every other input), not stored as U+FFFD',
    async (encoding, bom) => {
      const text = (name: string) => iconv.encode(`Name;Vorname\n${name};Anna\n`, encoding);
      // iconv-lite keeps a lone surrogate; csv-parse (and the database) would make it U+FFFD.
      const broken = Buffer.concat([bom, text('Ber\ud800ta')]);
      expect(await inputErrorOf(broken)).toBe('Line 2 contains a broken character (half of a UTF-16 surrogate pair), which is not text');
      expect(await inputErrorOf(Buffer.concat([bom, text('Berta\udc00')]))).toMatch(/^Line 2 contains a broken character/);
      // A whole pair (an emoji) is text.
      const { rows } = await readCsv(Buffer.concat([bom, text('Ber\ud83d\ude00ta')]));
      expect(rows).toEqual([['Ber\u{1F600}ta', 'Anna']]);
    },
  );

  it('reads ISO-8859-1 as windows-1252, so € and „“ from Excel survive', async () => {
    const text = 'Name;Gebühr;Notiz\nBär;10 €;„schnell“\nGroß;5 €;ok\n';
    const { table, rows } = await readCsv(iconv.encode(text, 'windows-1252'));
    expect(table.encoding).toBe('windows-1252');
    expect(rows[0]).toEqual(['Bär', '10 €', '„schnell“']);
  });

  it('counts a UTF-8 character cut at the 64 kB sniffing boundary as valid UTF-8', async () => {
    const header = 'name,city\n';
    const filler = 'x'.repeat(64 * 1024 - header.length - 4);
    const text = `${header}${filler},a\nÖsterreich,ü\n`;
    // The 'Ö' (2 bytes) straddles byte 65536.
    expect(Buffer.from(text).indexOf(Buffer.from('Ö'))).toBe(64 * 1024 - 1);
    const { table, rows } = await readCsv(Buffer.from(text));
    expect(table.encoding).toBe('utf-8');
    expect(rows[1]).toEqual(['Österreich', 'ü']);
  });

  it.each([
    ['Shift_JIS', iconv.encode('名前,都市\n山田,東京\n佐藤,大阪\n鈴木,名古屋\n', 'shift_jis')],
    ['KOI8-R', iconv.encode('Имя;Фамилия\nИван;Петров\nСергей;Иванов\n', 'koi8-r')],
  ])('refuses text in an encoding it does not decode: %s', async (_, bytes) => {
    await expect(inputErrorOf(bytes)).resolves.toMatch(/^Unknown or unsupported text encoding/);
  });
});

describe('CSV: delimiter', () => {
  it.each([
    [',', 'a,b,c\n1,2,3\n'],
    [';', 'a;b;c\n1;2,5;3\n'],
    ['\t', 'a\tb\tc\n1\t2\t3\n'],
    ['|', 'a|b|c\n1|2|3\n'],
  ])('is sniffed: %j', async (delimiter, text) => {
    const { table, rows } = await readCsv(Buffer.from(text));
    expect(table.delimiter).toBe(delimiter);
    expect(table.header).toEqual(['a', 'b', 'c']);
    expect(rows[0]).toHaveLength(3);
  });

  it('ignores delimiters inside quoted values when sniffing', async () => {
    const { table, rows } = await readCsv(Buffer.from('name;note\n"Doe, John";"a, b, c"\n"Roe, Jane";"x, y"\n'));
    expect(table.delimiter).toBe(';');
    expect(rows).toEqual([
      ['Doe, John', 'a, b, c'],
      ['Roe, Jane', 'x, y'],
    ]);
  });
});

describe('CSV: rows', () => {
  it('numbers rows as the operator sees them: the header is row 1, records not lines, blank lines skipped but counted', async () => {
    const { batches } = await readCsv(Buffer.from('h1,h2\r\n"multi\r\nline",1\r\n\r\n,\r\nlast,2\r\n'));
    expect(batches).toEqual([
      { firstRowNumber: 2, rows: [['multi\r\nline', '1']] },
      { firstRowNumber: 5, rows: [['last', '2']] },
    ]);
  });

  it('trims the header and drops its trailing empty cells', async () => {
    const { table, rows } = await readCsv(Buffer.from(' Name ;Club ;;\nA;B;;\n'));
    expect(table.header).toEqual(['Name', 'Club']);
    expect(rows).toEqual([['A', 'B']]);
  });

  it('pads short rows to the header length and keeps cells as read', async () => {
    const { rows } = await readCsv(Buffer.from('a,b,c\n 1 \n'));
    expect(rows).toEqual([[' 1 ', '', '']]);
  });

  it('refuses a value in a column the header does not name', async () => {
    await expect(inputErrorOf(Buffer.from('a,b\n1,2\n3,4,5\n'))).resolves.toMatch(/^Row 3 has a value in column 3/);
  });

  it('batches by batchSize', async () => {
    const text = `n\n${Array.from({ length: 5 }, (_, i) => i).join('\n')}\n`;
    const { batches } = await readCsv(Buffer.from(text), { batchSize: 2 });
    expect(batches.map((b) => [b.firstRowNumber, b.rows.length])).toEqual([
      [2, 2],
      [4, 2],
      [6, 1],
    ]);
  });

  it('reads a 200,000-row file completely', async () => {
    const total = 200_000;
    function* lines() {
      yield 'id,first,last,email,club,birth,time,bib\n';
      for (let i = 0; i < total; i += 1000) {
        let chunk = '';
        for (let j = i; j < i + 1000; j++) chunk += `${j},First${j},Last${j},u${j}@example.com,Club ${j % 50},1980-01-02,01:02:03,${j}\n`;
        yield Buffer.from(chunk);
      }
    }
    const table = await openTable(() => Readable.from(lines()), { ...LIMITS, maxRows: total });
    let rows = 0;
    let expectedRowNumber = 2;
    for await (const batch of table.batches) {
      expect(batch.firstRowNumber).toBe(expectedRowNumber);
      rows += batch.rows.length;
      expectedRowNumber += batch.rows.length;
    }
    await table.close();
    expect(rows).toBe(total);
  });
});

describe('CSV: errors', () => {
  it('refuses an empty file', async () => {
    await expect(inputErrorOf(Buffer.alloc(0))).resolves.toBe('The file is empty');
  });

  it('refuses a file of blank lines as empty', async () => {
    await expect(inputErrorOf(Buffer.from('\n\n;;\n'))).resolves.toBe('The file is empty');
  });

  it('refuses a header row without data rows', async () => {
    await expect(inputErrorOf(Buffer.from('a;b\n\n'))).resolves.toBe('The file has a header row but no data rows');
  });

  it('refuses more data rows than maxRows', async () => {
    await expect(inputErrorOf(Buffer.from('a\n1\n2\n3\n'), { maxRows: 2 })).resolves.toMatch(/^The file has more than 2 data rows/);
  });

  it('reports an unclosed quote as broken quoting near its row', async () => {
    await expect(inputErrorOf(Buffer.from('a,b\n1,2\n"open,3\n4,5\n'))).resolves.toBe('Broken CSV quoting near row 3');
  });

  it('reports text after a closing quote as broken quoting near its row', async () => {
    await expect(inputErrorOf(Buffer.from('a,b\n1,2\n3,4\n"x"y,5\n'))).resolves.toBe('Broken CSV quoting near row 4');
  });

  it('refuses binary data that is neither text nor a workbook', async () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    await expect(inputErrorOf(binary)).resolves.toBe('The file is neither a CSV text file nor an XLSX workbook');
  });

  it('refuses an old .xls workbook with a hint', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await expect(inputErrorOf(xls)).resolves.toMatch(/\.xls workbooks cannot be read/);
  });
});

describe('CSV: wide files', () => {
  it('refuses a header of more than 1,000 columns: every answer about the job holds the header', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const row = Array.from({ length: 100_000 }, () => '1').join(',');
    expect(await inputErrorOf(Buffer.from(`${header}\n${row}\n`))).toBe(
      'The header row names 100000 columns; an import reads at most 1000',
    );
  });

  it('reads 1,000 columns', async () => {
    const header = Array.from({ length: 1000 }, (_, i) => `c${i}`).join(',');
    const { table } = await readCsv(Buffer.from(`${header}\n1\n`));
    expect(table.header).toHaveLength(1000);
  });

  it('refuses a header row longer than 64,000 characters in all', async () => {
    const header = Array.from({ length: 100 }, (_, i) => `${i}${'n'.repeat(700)}`).join(',');
    expect(await inputErrorOf(Buffer.from(`${header}\n1\n`))).toBe(
      'The header row holds more than 64000 characters; shorten the column names',
    );
  });
});

describe("CSV: the operator's encoding and delimiter", () => {
  it('an encoding chosen on upload is read instead of the detected one', async () => {
    // ISO-8859-15 has € at 0xA4, where windows-1252 (what detection picks here) has ¤.
    const bytes = iconv.encode('Name;Gebühr\nBär;10 €\n', 'iso-8859-15');
    expect((await readCsv(bytes)).rows).toEqual([['Bär', '10 ¤']]);
    const chosen = await readCsv(bytes, { csv: { encoding: 'iso-8859-15' } });
    expect(chosen.table.encoding).toBe('iso-8859-15');
    expect(chosen.rows).toEqual([['Bär', '10 €']]);
  });

  it('an encoding chosen on upload that does not fit the bytes is refused, not stored as replacement characters', async () => {
    const bytes = iconv.encode('Vorname;Nachname\nKarl;Größer\nAnna;Bär\n', 'windows-1252');
    // The preview reads it anyway (the operator sees the broken name); the import refuses it.
    expect((await readCsv(bytes, { csv: { encoding: 'utf-8' } })).rows[0]?.[1]).toBe('Gr\ufffd\ufffder');
    expect(await inputErrorOf(bytes, { csv: { encoding: 'utf-8' }, refuseUndecodable: true })).toBe(
      'The file is not valid utf-8 text: choose another encoding, or let the import detect it',
    );
    expect((await readCsv(bytes, { csv: { encoding: 'windows-1252' } })).rows[0]).toEqual(['Karl', 'Größer']);
  });

  it('a delimiter chosen on upload is read instead of the sniffed one', async () => {
    const bytes = Buffer.from('Name|Zeit;Note\nA|1;x\nB|2;y\n');
    expect((await readCsv(bytes)).table.delimiter).toBe(';');
    const chosen = await readCsv(bytes, { csv: { delimiter: '|' } });
    expect(chosen.table.delimiter).toBe('|');
    expect(chosen.table.header).toEqual(['Name', 'Zeit;Note']);
    expect(chosen.rows).toEqual([
      ['A', '1;x'],
      ['B', '2;y'],
    ]);
  });
});
