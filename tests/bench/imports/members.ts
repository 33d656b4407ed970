import path from 'node:path';
import type { Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { ratio } from '../lib/stats';
import { fixed, formatTable } from '../lib/table';
import { copyBaseline, type CopyBaselineResult } from './copyBaseline';
import { memberWriteFloor } from './memberWriteFloor';
import { fileSize } from './generate';
import { MEMBER_HEADER, writeMembersCsv } from './memberFile';
import { runImport, type ImportRunResult, type RouterSession } from './importRun';
import type { PeakSampler, WorkerProcess } from './memory';
import type { WriteFloorResult } from './writeFloor';
import { REGISTRATION_SYSTEM_ID } from './seed';
import { TARGETS } from './report';

/**
 * M01, the membership import (row by row), measured beside a plain COPY of the same file in the
 * same run: a club's member list for the demo club's open period. Every fifth row is one of the
 * existing persons (found by F4, exactly), the others are new. Rows come in households of one to
 * four (the first row of a household of two or more carries its login, and so does every single
 * member), children are junior members, the others individual; every tenth row not holding a login
 * awaits payment (ordered per household), every tenth row keeps a number of the club's old system.
 * Measured twice on fresh workers, a fifth of the rows and all of them, for the worker's memory,
 * then the file's write floor (memberWriteFloor).
 */

/** The acceptance target, end to end (upload to COMPLETED seen by a poll). */
export const MEMBER_IMPORT_TARGET_ROWS_PER_SECOND = 5_000;

export interface MemberImportRun {
  rows: number;
  run: ImportRunResult;
  memory: ReturnType<PeakSampler['result']>;
}

export interface MemberBenchResult {
  copy: CopyBaselineResult;
  small: MemberImportRun;
  large: MemberImportRun;
  /** Memberships stored in the period by the large import. */
  memberships: number;
  /** What the large file's rows must write at least, with plain INSERTs (memberWriteFloor). */
  writeFloor: WriteFloorResult;
}

/** The M01 measurement: the file, its COPY baseline, and two imports through the router, each on a fresh worker. */
export async function measureMemberImport(o: {
  knex: Knex;
  databaseUrl: string;
  dir: string;
  rows: number;
  existingPersons: number;
  session: RouterSession;
  freshWorker: () => Promise<{ worker: WorkerProcess; sampler: PeakSampler }>;
  pollMs: number;
  deadline: number;
}): Promise<MemberBenchResult> {
  const period = (await o.knex('membership.membershipPeriods').where({ id: DEMO_PERIOD_ID }).first('pricingRules')) as {
    pricingRules: { referenceDate: string };
  };
  // A fifth: several chunks as well (a job of one chunk never reads the next while it writes, so it peaks lower).
  const smallRows = Math.max(1, Math.round(o.rows / 5));
  const file = path.join(o.dir, `members-${o.rows}.csv`);
  const smallFile = path.join(o.dir, `members-${smallRows}.csv`);
  const referenceDate = period.pricingRules.referenceDate;
  await writeMembersCsv(file, { rows: o.rows, existingPersons: o.existingPersons, referenceDate, tag: 1 });
  await writeMembersCsv(smallFile, { rows: smallRows, existingPersons: 0, referenceDate, tag: 2 });
  const copy = await copyBaseline(o.databaseUrl, file, MEMBER_HEADER.length);
  console.log(`M01 COPY baseline: ${copy.rows} rows in ${fixed(copy.ms / 1000, 2)} s, ${fixed(copy.rowsPerSecond, 0)} rows/s`);

  const measured = async (csv: string, rows: number): Promise<MemberImportRun> => {
    const { worker, sampler } = await o.freshWorker();
    console.log(`M01 ${rows}: uploading ${path.basename(csv)}, fresh worker pid ${worker.pid}`);
    const run = await runImport(o.session, {
      eventId: 0,
      file: csv,
      bytes: fileSize(csv),
      expectedRows: rows,
      pollMs: o.pollMs,
      deadline: o.deadline,
      onPoll: () => sampler.sample(),
      upload: { path: '/memberships/import', fields: { periodId: String(DEMO_PERIOD_ID) } },
    });
    const memory = sampler.result();
    if (run.state !== 'COMPLETED') throw new Error(`M01: job ${run.jobId} ended ${run.state}: ${run.error?.message ?? 'no error message'}`);
    console.log(
      `M01 ${rows}: COMPLETED in ${fixed(run.endToEndMs / 1000, 1)} s, ${fixed(run.endToEndRowsPerSecond, 0)} rows/s end to end, ` +
        `worker peak ${fixed(memory.workerPeakMb, 1)} MB`,
    );
    return { rows, run, memory };
  };
  const small = await measured(smallFile, smallRows);
  const large = await measured(file, o.rows);
  const stored = (await o
    .knex('membership.memberships as m')
    .join('membership.persons as p', 'p.id', 'm.personId')
    .where({ 'm.periodId': DEMO_PERIOD_ID, 'p.registrationSystemId': REGISTRATION_SYSTEM_ID })
    .whereRaw(`m.details->>'importJobId' = ?`, [large.run.jobId])
    .count({ n: '*' })) as Array<{ n: string }>;
  const writeFloor = await memberWriteFloor(o.knex, o.rows, referenceDate);
  console.log(`M01 write floor: ${o.rows} rows in ${fixed(writeFloor.ms / 1000, 1)} s, ${fixed(writeFloor.rowsPerSecond, 0)} rows/s`);
  return { copy, small, large, memberships: Number(stored[0]!.n), writeFloor };
}

export function memberVerdicts(r: MemberBenchResult) {
  return {
    memberRate: r.large.run.endToEndRowsPerSecond >= MEMBER_IMPORT_TARGET_ROWS_PER_SECOND,
    memberMemoryFlat: r.large.memory.workerPeakMb <= r.small.memory.workerPeakMb * TARGETS.flatMemoryFactorMax,
    memberComplete:
      r.large.run.state === 'COMPLETED' &&
      r.large.run.counts?.rows === r.large.rows &&
      r.large.run.counts?.failed === 0 &&
      // A generated row may name a person an earlier row made (same name and day of birth): UNCHANGED or UPDATED.
      r.memberships === r.large.run.counts?.created,
  };
}

export function formatMemberReport(r: MemberBenchResult): string {
  const v = memberVerdicts(r);
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const vsCopy = (rate: number) => `${fixed(ratio(rate, r.copy.rowsPerSecond), 3)}x`;
  const table = formatTable(
    ['M01 members (row by row)', 'rows/s', 'vs COPY', 'target', 'result'],
    [
      [`COPY baseline (${r.copy.rows} rows, unlogged text table)`, fixed(r.copy.rowsPerSecond, 0), '1.000x', '', ''],
      [
        `write floor (${r.writeFloor.rows} rows' persons, accounts, links, memberships, plain INSERT)`,
        fixed(r.writeFloor.rowsPerSecond, 0),
        vsCopy(r.writeFloor.rowsPerSecond),
        '',
        '',
      ],
      [
        `M01 ${r.large.rows} end to end rows/s`,
        fixed(r.large.run.endToEndRowsPerSecond, 0),
        vsCopy(r.large.run.endToEndRowsPerSecond),
        `>= ${MEMBER_IMPORT_TARGET_ROWS_PER_SECOND}`,
        verdict(v.memberRate),
      ],
      [
        `M01 ${r.large.rows} worker rows/s (finishedAt - startedAt)`,
        fixed(r.large.run.workerRowsPerSecond, 0),
        vsCopy(r.large.run.workerRowsPerSecond),
        '',
        '',
      ],
      [
        `M01 ${r.small.rows} end to end rows/s`,
        fixed(r.small.run.endToEndRowsPerSecond, 0),
        vsCopy(r.small.run.endToEndRowsPerSecond),
        '',
        '',
      ],
    ],
  );
  const memory = formatTable(
    ['M01 worker peak memory (VmHWM)', 'MB', 'target', 'result'],
    [
      [`M01 ${r.small.rows}`, fixed(r.small.memory.workerPeakMb, 1), '', ''],
      [`M01 ${r.large.rows}`, fixed(r.large.memory.workerPeakMb, 1), '', ''],
      [
        `M01 ${r.large.rows} over ${r.small.rows}`,
        `${fixed(ratio(r.large.memory.workerPeakMb, r.small.memory.workerPeakMb), 2)}x`,
        `<= ${TARGETS.flatMemoryFactorMax}x (flat)`,
        verdict(v.memberMemoryFlat),
      ],
    ],
  );
  const counts = Object.entries(r.large.run.counts ?? {})
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return [
    table,
    `write floor: the large file's new persons, accounts with their OrgUser rows, links and memberships inserted in 5,000-row ` +
      `transactions into the real tables (indexes, foreign keys, sync triggers), nothing else; M01's worker rate is ` +
      `${fixed(ratio(r.large.run.workerRowsPerSecond, r.writeFloor.rowsPerSecond), 2)}x of it`,
    memory,
    `M01 ${r.large.rows}: upload ${fixed(r.large.run.uploadMs / 1000, 1)} s; ${counts}; ${r.memberships} memberships stored` +
      (v.memberComplete ? '' : '\nFAIL a row failed, or a created row has no membership'),
  ].join('\n');
}
