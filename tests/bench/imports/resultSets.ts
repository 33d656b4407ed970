import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Knex } from '@ems/db';
import { ratio } from '../lib/stats';
import { fixed, formatTable } from '../lib/table';
import { copyBaseline, type CopyBaselineResult } from './copyBaseline';
import { benchPerson, fileSize } from './generate';
import { runImport, type ImportRunResult, type RouterSession } from './importRun';
import type { PeakSampler, WorkerProcess } from './memory';
import { REGISTRATION_SYSTEM_ID } from './seed';

/**
 * E08, the result-set import (whole file), measured beside a plain COPY of the same file in the
 * same run: a timing company's file for an event of `rows` participants (bibs 1..rows), one
 * result per participant, applied in one transaction. Times are whole tenths between 0:30:00.0
 * and 1:30:00.0, so a 200,000-row field has many ties; about 1 % DNF, 0.5 % DNS, 0.2 % DSQ.
 * Points by the rank table.
 */

export const RESULT_HEADER = ['Bib', 'First name', 'Last name', 'Time', 'Status'] as const;
/** The acceptance target, end to end (upload to COMPLETED seen by a poll). */
export const RESULT_SET_TARGET_ROWS_PER_SECOND = 20_000;

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Row r of the file: bib r+1, the participant's name, a time or a status. */
export function resultLine(r: number): string {
  const person = benchPerson(r);
  const h = mix(r ^ 0xe08);
  const outcome = h % 1000;
  let time = '';
  let status = '';
  if (outcome < 10) time = 'DNF';
  else if (outcome < 15) status = 'DNS';
  else {
    const tenths = 18_000 + (mix(h) % 36_000);
    const seconds = Math.floor(tenths / 10);
    time = `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${tenths % 10}`;
    if (outcome < 17) status = 'DSQ';
  }
  return `${r + 1},${person.firstName},${person.lastName},${time},${status}\n`;
}

export async function writeResultsCsv(file: string, rows: number): Promise<void> {
  const stream = createWriteStream(file);
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  try {
    await write(`${RESULT_HEADER.join(',')}\n`);
    for (let start = 0; start < rows; start += 2000) {
      let text = '';
      for (let r = start; r < Math.min(start + 2000, rows); r++) text += resultLine(r);
      await write(text);
    }
  } finally {
    stream.end();
    await once(stream, 'finish');
  }
}

/**
 * An event whose participants are the registration system's first `rows` persons (by id), bibs
 * 1..rows, written with one INSERT ... SELECT (not what is measured), then analysed.
 */
export async function createResultEvent(knex: Knex, organisationId: number, rows: number): Promise<number> {
  const persons = Number(
    (
      (await knex('membership.persons').where({ registrationSystemId: REGISTRATION_SYSTEM_ID }).count({ n: '*' })) as Array<{ n: string }>
    )[0]!.n,
  );
  if (persons < rows)
    throw new Error(`E08 needs a participant per result row: ${rows} rows, but only ${persons} persons (raise --persons)`);
  const [event] = (await knex('membership.events')
    .insert({ organisationId, name: `Bench E08 ${rows}` })
    .returning('id')) as Array<{
    id: number;
  }>;
  await knex.raw(
    `INSERT INTO membership.participants (event_id, person_id, bib)
     SELECT ?, id, row_number() OVER (ORDER BY id)::text
       FROM (SELECT id FROM membership.persons WHERE registration_system_id = ? ORDER BY id LIMIT ?) p`,
    [event!.id, REGISTRATION_SYSTEM_ID, rows],
  );
  await knex.raw('ANALYZE membership.participants');
  return event!.id;
}

export interface ResultSetBenchResult {
  rows: number;
  copy: CopyBaselineResult;
  run: ImportRunResult;
  memory: ReturnType<PeakSampler['result']>;
}

/** The E08 measurement: the file, its COPY baseline, and the import through the router on a fresh worker. */
export async function measureResultSetImport(o: {
  knex: Knex;
  databaseUrl: string;
  organisationId: number;
  dir: string;
  rows: number;
  session: RouterSession;
  freshWorker: () => Promise<{ worker: WorkerProcess; sampler: PeakSampler }>;
  pollMs: number;
  deadline: number;
}): Promise<ResultSetBenchResult> {
  const file = path.join(o.dir, `results-${o.rows}.csv`);
  await writeResultsCsv(file, o.rows);
  const eventId = await createResultEvent(o.knex, o.organisationId, o.rows);
  const copy = await copyBaseline(o.databaseUrl, file, RESULT_HEADER.length);
  console.log(`E08 COPY baseline: ${copy.rows} rows in ${fixed(copy.ms / 1000, 2)} s, ${fixed(copy.rowsPerSecond, 0)} rows/s`);
  const { worker, sampler } = await o.freshWorker();
  console.log(`E08 ${o.rows}: uploading ${path.basename(file)} to event ${eventId}, fresh worker pid ${worker.pid}`);
  const run = await runImport(o.session, {
    eventId,
    file,
    bytes: fileSize(file),
    expectedRows: o.rows,
    pollMs: o.pollMs,
    deadline: o.deadline,
    onPoll: () => sampler.sample(),
    upload: { path: '/result-sets/import-bulk', fields: { participantIdMode: 'BIB', pointsCalculator: 'RANK_TABLE' } },
  });
  const memory = sampler.result();
  if (run.state !== 'COMPLETED') throw new Error(`E08: job ${run.jobId} ended ${run.state}: ${run.error?.message ?? 'no error message'}`);
  const stored = (await o
    .knex('membership.results as r')
    .join('membership.resultSets as s', 's.id', 'r.resultSetId')
    .where('s.eventId', eventId)
    .count({ n: '*' })) as Array<{ n: string }>;
  if (Number(stored[0]!.n) !== o.rows) throw new Error(`E08: ${stored[0]!.n} results stored for ${o.rows} rows`);
  console.log(
    `E08 ${o.rows}: COMPLETED in ${fixed(run.endToEndMs / 1000, 1)} s, ${fixed(run.endToEndRowsPerSecond, 0)} rows/s end to end, ` +
      `worker peak ${fixed(memory.workerPeakMb, 1)} MB`,
  );
  return { rows: o.rows, copy, run, memory };
}

export function resultSetVerdict(r: ResultSetBenchResult): boolean {
  return (
    r.run.state === 'COMPLETED' && r.run.counts?.results === r.rows && r.run.endToEndRowsPerSecond >= RESULT_SET_TARGET_ROWS_PER_SECOND
  );
}

export function formatResultSetReport(r: ResultSetBenchResult): string {
  const vsCopy = (rate: number) => `${fixed(ratio(rate, r.copy.rowsPerSecond), 3)}x`;
  const table = formatTable(
    ['E08 result set (whole file)', 'rows/s', 'vs COPY', 'target', 'result'],
    [
      [`COPY baseline (${r.copy.rows} rows, unlogged text table)`, fixed(r.copy.rowsPerSecond, 0), '1.000x', '', ''],
      [
        `E08 ${r.rows} end to end rows/s`,
        fixed(r.run.endToEndRowsPerSecond, 0),
        vsCopy(r.run.endToEndRowsPerSecond),
        `>= ${RESULT_SET_TARGET_ROWS_PER_SECOND}`,
        resultSetVerdict(r) ? 'PASS' : 'FAIL',
      ],
      [
        `E08 ${r.rows} worker rows/s (finishedAt - startedAt)`,
        fixed(r.run.workerRowsPerSecond, 0),
        vsCopy(r.run.workerRowsPerSecond),
        '',
        '',
      ],
    ],
  );
  const counts = Object.entries(r.run.counts ?? {})
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `${table}\nE08 ${r.rows}: upload ${fixed(r.run.uploadMs / 1000, 1)} s, worker peak ${fixed(r.memory.workerPeakMb, 1)} MB; ${counts}`;
}
