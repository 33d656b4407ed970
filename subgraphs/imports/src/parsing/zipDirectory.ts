/**
 * Just enough of the zip format to judge an uploaded workbook before a parser touches it: the
 * central directory's list of entries with their sizes, and the bytes of a named entry.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync, createInflateRaw } from 'node:zlib';
import { readErrors } from './messages';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** A workbook's directory is a few kB; anything near this is not one. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw readErrors.notXlsx();
  return buffer;
}

async function directoryLocation(file: FileHandle, size: number): Promise<{ offset: number; length: number; count: number }> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(file, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw readErrors.notXlsx();
  let count = tail.readUInt16LE(at + 10);
  let length = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || length === 0xffffffff || offset === 0xffffffff) {
    if (at < 20 || tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR) throw readErrors.notXlsx();
    const record = await readAt(file, Number(tail.readBigUInt64LE(at - 20 + 8)), 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw readErrors.notXlsx();
    count = Number(record.readBigUInt64LE(32));
    length = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (length > MAX_DIRECTORY_BYTES || offset + length > size) throw readErrors.notXlsx();
  return { offset, length, count };
}

/** ZIP64 keeps sizes and offsets that overflow 32 bits in extra field 0x0001, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const size = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let p = i + 4;
      const next = () => {
        const value = p + 8 <= i + 4 + size ? Number(extra.readBigUInt64LE(p)) : 0;
        p += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
    }
    i += 4 + size;
  }
}

/** The entries the central directory lists; a file without a readable directory is not a workbook. */
export async function listZipEntries(path: string): Promise<ZipEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const where = await directoryLocation(file, size);
    const directory = await readAt(file, where.offset, where.length);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let n = 0; n < where.count; n++) {
      if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_ENTRY) throw readErrors.notXlsx();
      const nameLength = directory.readUInt16LE(p + 28);
      const extraLength = directory.readUInt16LE(p + 30);
      const commentLength = directory.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        name: directory.toString('utf8', p + 46, p + 46 + nameLength),
        method: directory.readUInt16LE(p + 10),
        compressedSize: directory.readUInt32LE(p + 20),
        uncompressedSize: directory.readUInt32LE(p + 24),
        localHeaderOffset: directory.readUInt32LE(p + 42),
      };
      applyZip64Extra(entry, directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
      if (entry.method !== STORED && entry.method !== DEFLATED) throw readErrors.notXlsx();
      entries.push(entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await file.close();
  }
}

async function dataRange(path: string, entry: ZipEntry): Promise<{ start: number; end: number }> {
  const file = await open(path, 'r');
  try {
    const header = await readAt(file, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw readErrors.notXlsx();
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    return { start, end: start + entry.compressedSize };
  } finally {
    await file.close();
  }
}

/** A small entry's content (workbook.xml, its relationships); refuses one inflating past `maxBytes`. */
export async function readZipEntry(path: string, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  const { start, end } = await dataRange(path, entry);
  const file = await open(path, 'r');
  let compressed: Buffer;
  try {
    compressed = await readAt(file, start, end - start);
  } finally {
    await file.close();
  }
  if (entry.method === STORED) return compressed;
  try {
    return inflateRawSync(compressed, { maxOutputLength: maxBytes });
  } catch (err) {
    if (err instanceof RangeError) throw readErrors.xlsxTooLarge();
    throw readErrors.notXlsx();
  }
}

/**
 * Inflates every entry and counts what comes out, stopping as soon as the total passes `maxBytes`.
 * The sizes a zip declares are whatever its author wrote; a deflate stream can expand a thousand
 * times, and the parser would spool a sheet stored before its shared strings to disk.
 */
export async function assertInflatesWithin(path: string, entries: readonly ZipEntry[], maxBytes: number): Promise<void> {
  let total = 0;
  for (const entry of entries) {
    if (entry.compressedSize === 0) continue;
    const { start, end } = await dataRange(path, entry);
    const raw = createReadStream(path, { start, end: end - 1 });
    if (entry.method === STORED) {
      total += entry.compressedSize;
      raw.destroy();
    } else {
      const inflate = createInflateRaw();
      raw.pipe(inflate);
      try {
        for await (const chunk of inflate) {
          total += (chunk as Buffer).length;
          if (total > maxBytes) break;
        }
      } catch {
        throw readErrors.notXlsx();
      } finally {
        raw.destroy();
        inflate.destroy();
      }
    }
    if (total > maxBytes) throw readErrors.xlsxTooLarge();
  }
}
