import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { measure, storedZip, type StoredPart } from './storedZip';
import { InflateBudget, readZipEntry, readZipIndex } from './zipIndex';

async function part(name: string, content: Buffer): Promise<StoredPart> {
  return { name, ...(await measure([content])), content: () => [content.subarray(0, 3), content.subarray(3)] };
}

describe('storedZip: a zip a streaming reader takes as it comes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stored-zip-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes stored entries whose local headers state their sizes, as one index reads them back', async () => {
    // The bytes of a data descriptor and of a local header inside an entry are only its data.
    const tricky = Buffer.concat([Buffer.from('<a>'), Buffer.from([0x50, 0x4b, 0x07, 0x08, 0x50, 0x4b, 0x03, 0x04]), Buffer.from('</a>')]);
    const parts = [await part('xl/workbook.xml', Buffer.from('<workbook/>')), await part('xl/worksheets/sheet1.xml', tricky)];
    const file = path.join(dir, 'fresh.zip');
    await writeFile(file, await buffer(storedZip(parts)));
    const entries = await readZipIndex(file);
    expect(entries.map((e) => [e.name, e.method, e.compressedSize])).toEqual([
      ['xl/workbook.xml', 0, 11],
      ['xl/worksheets/sheet1.xml', 0, tricky.length],
    ]);
    await expect(readZipEntry(file, entries[1]!, new InflateBudget(100))).resolves.toEqual(tricky);
  });

  it('fails, without writing them, on more bytes than a part measured', async () => {
    const grown = { ...(await part('a.xml', Buffer.from('<a/>'))), content: () => [Buffer.from('<a></a>')] };
    await expect(buffer(storedZip([grown]))).rejects.toThrow('the part a.xml changed between two readings');
  });
});
