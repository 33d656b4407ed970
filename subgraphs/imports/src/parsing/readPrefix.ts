import { Readable } from 'node:stream';
import type { ByteSource } from './types';

/** How much of a file the detection rules look at. */
export const SNIFF_BYTES = 64 * 1024;

export interface FilePrefix {
  bytes: Buffer;
  /** The prefix is the whole file (detection may then treat its end as the file's end). */
  wholeFile: boolean;
}

/** Old-style streams (`NodeJS.ReadableStream`) become real Readables, so pipelines and destroy() work. */
export function asReadable(stream: NodeJS.ReadableStream | Readable): Readable {
  return stream instanceof Readable ? stream : new Readable().wrap(stream);
}

/** Reads the first `SNIFF_BYTES` of a fresh stream and releases it. */
export async function readPrefix(source: ByteSource, limit = SNIFF_BYTES): Promise<FilePrefix> {
  const stream = asReadable(source());
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(buffer);
      length += buffer.length;
      if (length > limit) break;
    }
  } finally {
    stream.destroy();
  }
  const bytes = Buffer.concat(chunks, length);
  return length > limit ? { bytes: bytes.subarray(0, limit), wholeFile: false } : { bytes, wholeFile: true };
}
