/** Builders for the files the parsing tests read; test-only. */
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import type { TableReadOptions } from './types';

export const LIMITS: TableReadOptions = { maxRows: 1000, xlsxMaxUncompressedBytes: 50 * 1024 * 1024, xlsxWorkerMemoryMb: 256 };

/** A source that hands out the same bytes, in small chunks so that boundaries get exercised. */
export function bytesSource(bytes: Buffer, chunkSize = 7919): () => Readable {
  return () => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
    return Readable.from(chunks);
  };
}

/** A minimal zip with deflated entries, for files that are zips but not workbooks. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
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
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
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
