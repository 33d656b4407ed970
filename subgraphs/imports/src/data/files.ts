import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Knex } from '@ems/db';

/** Stored in pieces of this size: any worker reads them back in order, one query per few pieces. */
const CHUNK_BYTES = 1024 * 1024;
/** Pieces fetched per query while reading a file back. */
const CHUNKS_PER_READ = 4;

export interface StoredFile {
  id: string;
  fileName: string;
  byteSize: number;
  sha256: string;
}

/**
 * Stores an upload's bytes in PostgreSQL while computing its SHA-256, in the caller's
 * transaction (a failed upload leaves nothing behind). Memory stays at one piece.
 */
export async function storeFile(
  trx: Knex.Transaction,
  fileName: string,
  contentType: string | null,
  body: AsyncIterable<Buffer>,
): Promise<StoredFile> {
  const id = randomUUID();
  const hash = createHash('sha256');
  let byteSize = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  await trx('imports.upload_files').insert({ id, fileName, contentType, byteSize: 0, sha256: '' });
  const flush = async () => {
    if (pendingBytes === 0) return;
    await trx('imports.upload_file_chunks').insert({ fileId: id, seq: seq++, data: Buffer.concat(pending, pendingBytes) });
    pending = [];
    pendingBytes = 0;
  };
  for await (const piece of body) {
    hash.update(piece);
    byteSize += piece.length;
    pending.push(piece);
    pendingBytes += piece.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  const sha256 = hash.digest('hex');
  await trx('imports.upload_files').where({ id }).update({ byteSize, sha256 });
  return { id, fileName, byteSize, sha256 };
}

/** The stored bytes again, as a stream; each call starts from the beginning. */
export function readFile(db: Knex, fileId: string): Readable {
  let next = 0;
  let done = false;
  return new Readable({
    read() {
      if (done) return;
      db('imports.upload_file_chunks')
        .where({ fileId })
        .where('seq', '>=', next)
        .orderBy('seq')
        .limit(CHUNKS_PER_READ)
        .select('seq', 'data')
        .then((rows: Array<{ seq: number; data: Buffer }>) => {
          if (rows.length === 0) {
            done = true;
            this.push(null);
            return;
          }
          next = (rows.at(-1)?.seq ?? next) + 1;
          for (const row of rows) this.push(row.data);
        })
        .catch((err: unknown) => this.destroy(err as Error));
    },
  });
}
