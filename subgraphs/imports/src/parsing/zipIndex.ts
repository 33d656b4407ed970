/**
 * The one index by which an uploaded workbook is read (docs/imports.md, "Reading files"). A zip
 * names its entries twice: in the central directory at its end, and in a local header before
 * each entry's data. Readers disagree on which to follow (exceljs's streaming reader walks the
 * local headers, our size checks read the directory), so an entry left out of the directory is
 * seen by one and not the other. A workbook is read only when both name exactly the same entries,
 * back to back with no byte unaccounted for, and every part is then read by the directory's
 * offsets, its inflated bytes counted as they come out.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { PassThrough, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { readErrors } from './messages';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** As the directory declares it: only good for refusing early, never for trusting. */
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's data starts, after its local header. */
  dataOffset: number;
}

/** Record signatures and methods of the zip format (APPNOTE), shared with `storedZip.ts`. */
export const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
export const CENTRAL_ENTRY = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
export const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
/** A workbook's directory is a few kB; anything near this is not one. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;
/** A data descriptor: CRC and two sizes of 4 or 8 bytes, with or without its signature. */
const DESCRIPTOR_LENGTHS = [12, 16, 20, 24];

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw readErrors.notXlsx();
  return buffer;
}

interface DirectoryLocation {
  offset: number;
  length: number;
  count: number;
}

async function directoryLocation(file: FileHandle, size: number): Promise<DirectoryLocation> {
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
function applyZip64Extra(entry: Pick<ZipEntry, 'uncompressedSize' | 'compressedSize' | 'localHeaderOffset'>, extra: Buffer): void {
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

interface DirectoryEntry extends Omit<ZipEntry, 'dataOffset'> {
  nameBytes: Buffer;
}

async function directoryEntries(file: FileHandle, where: DirectoryLocation): Promise<DirectoryEntry[]> {
  const directory = await readAt(file, where.offset, where.length);
  const entries: DirectoryEntry[] = [];
  const names = new Set<string>();
  let p = 0;
  for (let n = 0; n < where.count; n++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_ENTRY) throw readErrors.notXlsx();
    const flags = directory.readUInt16LE(p + 8);
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    const nameBytes = Buffer.from(directory.subarray(p + 46, p + 46 + nameLength));
    const entry: DirectoryEntry = {
      name: nameBytes.toString('utf8'),
      nameBytes,
      method: directory.readUInt16LE(p + 10),
      compressedSize: directory.readUInt32LE(p + 20),
      uncompressedSize: directory.readUInt32LE(p + 24),
      localHeaderOffset: directory.readUInt32LE(p + 42),
    };
    applyZip64Extra(entry, directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    if (entry.method !== STORED && entry.method !== DEFLATED) throw readErrors.notXlsx();
    if (flags & FLAG_ENCRYPTED) throw readErrors.notXlsx();
    // Part names are case-insensitive in a workbook (ECMA-376 part 2): two spellings of one part
    // would let two readers pick different ones.
    const key = entry.name.toLowerCase();
    if (names.has(key)) throw readErrors.notXlsx();
    names.add(key);
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (p !== directory.length) throw readErrors.notXlsx();
  return entries;
}

/**
 * The local header of `entry` must say what the directory says (name, method, and the size unless
 * a data descriptor follows), and the bytes after its data must be the next entry's header (or
 * the directory), apart from a data descriptor that agrees on the size.
 */
async function checkedLocalEntry(file: FileHandle, entry: DirectoryEntry, nextOffset: number): Promise<ZipEntry> {
  const header = await readAt(file, entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw readErrors.notXlsx();
  const flags = header.readUInt16LE(6);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const variable = await readAt(file, entry.localHeaderOffset + 30, nameLength + extraLength);
  if (flags & FLAG_ENCRYPTED || header.readUInt16LE(8) !== entry.method) throw readErrors.notXlsx();
  if (!variable.subarray(0, nameLength).equals(entry.nameBytes)) throw readErrors.notXlsx();
  const dataOffset = entry.localHeaderOffset + 30 + nameLength + extraLength;
  const dataEnd = dataOffset + entry.compressedSize;
  const gap = nextOffset - dataEnd;
  if (flags & FLAG_DATA_DESCRIPTOR) {
    if (!DESCRIPTOR_LENGTHS.includes(gap)) throw readErrors.notXlsx();
    const descriptor = await readAt(file, dataEnd, gap);
    const signed = gap === 16 || gap === 24;
    if (signed !== (descriptor.readUInt32LE(0) === DATA_DESCRIPTOR)) throw readErrors.notXlsx();
    const sizeAt = signed ? 8 : 4;
    const compressed = gap - (signed ? 4 : 0) === 12 ? descriptor.readUInt32LE(sizeAt) : Number(descriptor.readBigUInt64LE(sizeAt));
    if (compressed !== entry.compressedSize) throw readErrors.notXlsx();
  } else {
    const local = { compressedSize: header.readUInt32LE(18), uncompressedSize: header.readUInt32LE(22), localHeaderOffset: 0 };
    applyZip64Extra(local, variable.subarray(nameLength));
    if (gap !== 0 || local.compressedSize !== entry.compressedSize) throw readErrors.notXlsx();
  }
  const { nameBytes: _, ...rest } = entry;
  return { ...rest, dataOffset };
}

/**
 * The entries of a zip whose central directory and local headers agree, in the directory's
 * order. Anything else (an entry only one of them names, bytes between entries, prefixed data,
 * two spellings of one part, encryption) is not a valid workbook.
 */
export async function readZipIndex(path: string): Promise<ZipEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const where = await directoryLocation(file, size);
    const listed = await directoryEntries(file, where);
    const byOffset = [...listed].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
    if (byOffset.length === 0 || byOffset[0]!.localHeaderOffset !== 0) throw readErrors.notXlsx();
    const checked = new Map<DirectoryEntry, ZipEntry>();
    for (let i = 0; i < byOffset.length; i++) {
      const entry = byOffset[i]!;
      const next = byOffset[i + 1]?.localHeaderOffset ?? where.offset;
      checked.set(entry, await checkedLocalEntry(file, entry, next));
    }
    return listed.map((entry) => checked.get(entry)!);
  } finally {
    await file.close();
  }
}

/**
 * What one read of a workbook may inflate, over all the parts it reads: counted on the bytes that
 * really come out, whatever sizes the zip declares.
 */
export class InflateBudget {
  private spent = 0;
  constructor(readonly maxBytes: number) {}

  /** Counts `bytes`; false once the total passes the budget. */
  take(bytes: number): boolean {
    this.spent += bytes;
    return this.spent <= this.maxBytes;
  }
}

/** A transform that passes bytes on while the budget lasts and fails with "too large" after. */
function counted(budget: InflateBudget): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!budget.take(chunk.length)) done(readErrors.xlsxTooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * The inflated bytes of one entry, read at the offsets the index checked. Corrupt data is "not a
 * valid XLSX workbook"; more bytes than the budget has left is "too large to read".
 */
export function openZipEntry(path: string, entry: ZipEntry, budget: InflateBudget): Readable {
  const raw: Readable =
    entry.compressedSize === 0
      ? Readable.from([])
      : createReadStream(path, { start: entry.dataOffset, end: entry.dataOffset + entry.compressedSize - 1 });
  const inflated = entry.method === STORED ? new PassThrough() : createInflateRaw();
  const out = counted(budget);
  // A read error or data zlib cannot inflate (corrupt, truncated) ends the entry's stream.
  const fail = () => {
    raw.destroy();
    inflated.destroy();
    if (!out.destroyed) out.destroy(readErrors.notXlsx());
  };
  raw.on('error', fail);
  inflated.on('error', fail);
  out.on('close', () => {
    raw.destroy();
    inflated.destroy();
  });
  raw.pipe(inflated).pipe(out);
  return out;
}

/** A small entry's content (workbook.xml, its relationships), within `budget`. */
export async function readZipEntry(path: string, entry: ZipEntry, budget: InflateBudget): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of openZipEntry(path, entry, budget)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
