/**
 * Writes a plain zip of stored (uncompressed) entries as a stream, for a reader that must be given
 * a zip but may inflate nothing itself. Every local header states its entry's size and CRC-32, as
 * measured beforehand: a streaming reader then takes exactly that many bytes as the entry's data.
 * (With the sizes left to a data descriptor after the data, as zip writers do for streams, a
 * reader has to search the data for the descriptor's signature, and bytes in an entry could end
 * it early and pass as the next header.)
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { readErrors } from './messages';
import { CENTRAL_ENTRY, EOCD, LOCAL_HEADER, STORED } from './zipIndex';

export interface StoredPart {
  /** The entry's name, as UTF-8. */
  name: string;
  /** What `content` yields, as measured by `measure` (a second reading must yield the same). */
  size: number;
  crc32: number;
  content: () => AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** Version 2.0: what a plain stored entry needs. */
const VERSION = 20;
/** The file name is UTF-8 (general purpose bit 11). */
const FLAG_UTF8 = 0x0800;
/** Without ZIP64, sizes, offsets and the entry count have 32 (the count 16) bits. */
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/** The size and CRC-32 of what `content` yields, for the local header written before it. */
export async function measure(content: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<{ size: number; crc32: number }> {
  let size = 0;
  let crc = 0;
  for await (const chunk of content) {
    size += chunk.length;
    crc = crc32(chunk, crc);
  }
  return { size, crc32: crc };
}

function localHeader(part: StoredPart, name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAG_UTF8, 6);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt32LE(part.crc32, 14);
  header.writeUInt32LE(part.size, 18);
  header.writeUInt32LE(part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralEntry(part: StoredPart, name: Buffer, offset: number): Buffer {
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(CENTRAL_ENTRY, 0);
  entry.writeUInt16LE(VERSION, 4);
  entry.writeUInt16LE(VERSION, 6);
  entry.writeUInt16LE(FLAG_UTF8, 8);
  entry.writeUInt16LE(STORED, 10);
  entry.writeUInt32LE(part.crc32, 16);
  entry.writeUInt32LE(part.size, 20);
  entry.writeUInt32LE(part.size, 24);
  entry.writeUInt16LE(name.length, 28);
  entry.writeUInt32LE(offset, 42);
  return Buffer.concat([entry, name]);
}

function endOfDirectory(count: number, directoryLength: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

async function* zipBytes(parts: readonly StoredPart[]): AsyncGenerator<Buffer> {
  if (parts.length > MAX_ENTRIES) throw readErrors.xlsxTooLarge();
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const header = localHeader(part, name);
    if (offset + header.length + part.size > MAX_32) throw readErrors.xlsxTooLarge();
    directory.push(centralEntry(part, name, offset));
    yield header;
    let written = 0;
    let crc = 0;
    for await (const chunk of part.content()) {
      written += chunk.length;
      // More bytes than the header states would be read as the next header.
      if (written > part.size) break;
      crc = crc32(chunk, crc);
      yield chunk;
    }
    if (written !== part.size || crc !== part.crc32) throw new Error(`the part ${part.name} changed between two readings`);
    offset += header.length + part.size;
  }
  const central = Buffer.concat(directory);
  yield central;
  yield endOfDirectory(parts.length, central.length, offset);
}

/**
 * The zip of `parts` in their order, as a byte stream read on demand. A part that fails to read,
 * or yields other than its measured size, fails the stream with that error.
 */
export function storedZip(parts: readonly StoredPart[]): Readable {
  return Readable.from(zipBytes(parts), { objectMode: false });
}
