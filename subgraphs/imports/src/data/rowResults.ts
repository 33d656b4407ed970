import type { Knex } from '@ems/db';
import type { ImportRowResult } from '../domain/rowProcessor';

/** Writes a chunk's ImportRowResults with one statement. */
export async function insertRowResults(trx: Knex.Transaction, jobId: string, rows: readonly ImportRowResult[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(
    `INSERT INTO imports.row_results (job_id, row_no, outcome, person_id, target_id, match_kind, failure, merge_candidates)
     SELECT ?, r.row_no, r.outcome, r.person_id, r.target_id, r.match_kind, r.failure, r.merge_candidates
       FROM unnest(?::int[], ?::text[], ?::int[], ?::int[], ?::text[], ?::jsonb[], ?::jsonb[])
         AS r(row_no, outcome, person_id, target_id, match_kind, failure, merge_candidates)`,
    [
      jobId,
      rows.map((r) => r.rowNo),
      rows.map((r) => r.outcome),
      rows.map((r) => r.personId),
      rows.map((r) => r.targetId),
      rows.map((r) => r.matchKind),
      rows.map((r) => (r.failure ? JSON.stringify(r.failure) : null)),
      rows.map((r) => (r.mergeCandidates?.length ? JSON.stringify(r.mergeCandidates) : null)),
    ] as unknown as Knex.RawBinding[],
  );
}

export interface RowResultPage {
  rows: ImportRowResult[];
  /** Row number to pass as `after` for the next page, or null at the end. */
  nextAfter: number | null;
}

/**
 * A page of row results in file order; `failedOnly` lists only rows with a failure, `outcome` only
 * rows of that outcome (the summary's filter). The primary key (job_id, row_no) orders the page.
 */
export async function rowResultsPage(
  db: Knex,
  jobId: string,
  opts: { after: number; first: number; failedOnly: boolean; outcome?: string | null },
): Promise<RowResultPage> {
  const rows = (await db('imports.row_results')
    .where({ jobId })
    .where('rowNo', '>', opts.after)
    .modify((q) => (opts.failedOnly ? q.whereNotNull('failure') : q))
    .modify((q) => (opts.outcome ? q.where({ outcome: opts.outcome }) : q))
    // A FAILED row always has its failure: said here, the planner walks the failed rows' partial
    // index instead of every row result of the job.
    .modify((q) => (opts.outcome === 'FAILED' && !opts.failedOnly ? q.whereNotNull('failure') : q))
    .orderBy('rowNo')
    .limit(opts.first + 1)
    .select('rowNo', 'outcome', 'personId', 'targetId', 'matchKind', 'failure', 'mergeCandidates')) as ImportRowResult[];
  const more = rows.length > opts.first;
  const page = more ? rows.slice(0, opts.first) : rows;
  return { rows: page, nextAfter: more ? (page.at(-1)?.rowNo ?? null) : null };
}

/** F8: the merge candidates the job created, in row order (at most `limit`). */
export async function mergeCandidatesOfJob(
  db: Knex,
  jobId: string,
  limit: number,
): Promise<Array<{ id: number; personId: number; candidatePersonId: number; rowNo: number }>> {
  const rows = (await db('imports.row_results')
    .where({ jobId })
    .whereNotNull('mergeCandidates')
    .orderBy('rowNo')
    .limit(limit)
    .select('rowNo', 'mergeCandidates')) as Array<{
    rowNo: number;
    mergeCandidates: Array<{ id: number; personId: number; candidatePersonId: number }>;
  }>;
  return rows.flatMap((r) => r.mergeCandidates.map((m) => ({ ...m, rowNo: r.rowNo }))).slice(0, limit);
}
