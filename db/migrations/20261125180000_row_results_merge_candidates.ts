import type { Knex } from 'knex';

/**
 * The summary of every import lists the merge candidates (F8) it created: the few rows that have
 * them, found by their own partial index instead of a walk over all of a job's row results (a
 * 100,000-row job: every row read for none found), like the failed rows' index beside it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX row_results_merge_candidates ON imports.row_results (job_id, row_no) WHERE merge_candidates IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS imports.row_results_merge_candidates');
}
