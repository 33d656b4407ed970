/** Builders for the files the parsing tests read; test-only. */
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import type { TableReadOptions } from './types';

export const LIMITS: TableReadOptions = {
  maxRows: 1000,
  xlsxMaxUncompressedBytes: 50 * 1024 * 1024,
  xlsxWorkerMemoryMb: 256,
  xlsxTempDiskBytes: 64 * 1024 * 1024,
};

/** A source that hands out the same bytes, in small chunks so that boundaries get exercised. */
export function bytesSource(bytes: Buffer, chunkSize = 7919): () => Readable {
  return () => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
    return Readable.from(chunks);
  };
}

/**
 * A minimal zip with deflated entries, for files that are zips but not workbooks, and for hostile
 * ones: an entry named in `unlisted` has its local header and data but no central directory entry.
 */
export function zipOf(entries: Record<string, string | Buffer>, options: { unlisted?: readonly string[] } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const compressed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    if (!options.unlisted?.includes(name)) {
      centrals.push(central, nameBytes);
      listed++;
    }
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The same zip with every size its central directory declares set to 1 byte: a lying bomb. */
export function understateZipSizes(zip: Buffer): Buffer {
  const copy = Buffer.from(zip);
  const eocd = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = copy.readUInt32LE(eocd + 16);
  for (let n = copy.readUInt16LE(eocd + 10); n > 0; n--) {
    copy.writeUInt32LE(1, p + 24);
    p += 46 + copy.readUInt16LE(p + 28) + copy.readUInt16LE(p + 30) + copy.readUInt16LE(p + 32);
  }
  return copy;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A sheet's XML with inline-string cells, one array per row (row numbers from 1). */
export function sheetXml(rows: ReadonlyArray<readonly string[]>): string {
  const cells = (row: readonly string[], r: number) =>
    row.map((text, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`).join('');
  return `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((row, i) => `<row r="${i + 1}">${cells(row, i + 1)}</row>`)
    .join('')}</sheetData></worksheet>`;
}

/**
 * The parts of a minimal workbook, written by hand so that tests can make them hostile: sheet
 * names are put in the XML as given (character references included), `parts` adds or replaces any.
 */
export function workbookParts(
  sheets: ReadonlyArray<{ name: string; xml: string }>,
  parts: Record<string, string | Buffer> = {},
): Record<string, string | Buffer> {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return {
    'xl/workbook.xml': `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>${sheets
      .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}</Relationships>`,
    ...Object.fromEntries(sheets.map((s, i) => [`xl/worksheets/sheet${i + 1}.xml`, s.xml])),
    ...parts,
  };
}
