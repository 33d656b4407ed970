import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CSV_HEADER } from './generate';

/** Streams `source` into `COPY ... FROM STDIN` on a connection of its own; the rows COPY reports. */
export async function copyFromStream(databaseUrl: string, copySql: string, source: Readable): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'ems-bench-copy' });
  await client.connect();
  try {
    const sink = client.query(copyFrom(copySql));
    await pipeline(source, sink);
    return sink.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const BASELINE_TABLE = 'public.bench_import_copy_baseline';

export interface CopyBaselineResult {
  rows: number;
  ms: number;
  rowsPerSecond: number;
}

/**
 * The floor for an import on this machine and server: the same CSV loaded with plain COPY into
 * an unlogged table of text columns (no parsing into types, no matching, no indexes, no WAL).
 * `columnCount`: the file's columns (default: the participant files').
 */
export async function copyBaseline(
  databaseUrl: string,
  csvFile: string,
  columnCount: number = CSV_HEADER.length,
): Promise<CopyBaselineResult> {
  const columns = Array.from({ length: columnCount }, (_, i) => `c${i} text`).join(', ');
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'ems-bench' });
  await admin.connect();
  try {
    await admin.query(`DROP TABLE IF EXISTS ${BASELINE_TABLE}`);
    await admin.query(`CREATE UNLOGGED TABLE ${BASELINE_TABLE} (${columns})`);
    const t0 = performance.now();
    const rows = await copyFromStream(databaseUrl, `COPY ${BASELINE_TABLE} FROM STDIN (FORMAT csv, HEADER)`, createReadStream(csvFile));
    const ms = performance.now() - t0;
    await admin.query(`DROP TABLE ${BASELINE_TABLE}`);
    return { rows, ms, rowsPerSecond: (rows / ms) * 1000 };
  } finally {
    await admin.end();
  }
}
