import type { Knex } from 'knex';

/**
 * The membership import's households (docs/imports.md, "Membership import"): per job and household
 * key, the user keys written on the household's rows in file order. Computed once from the staged
 * rows when the job's first chunk runs, so that every chunk links its rows to the household's
 * accounts, wherever in the file the household's other rows are. Deleted with the job.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE imports.job_households (
      job_id uuid NOT NULL REFERENCES imports.import_jobs (id) ON DELETE CASCADE,
      household_key text NOT NULL,
      user_keys text[] NOT NULL,
      PRIMARY KEY (job_id, household_key)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS imports.job_households');
}
