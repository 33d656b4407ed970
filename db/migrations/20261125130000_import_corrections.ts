import type { Knex } from 'knex';

/**
 * "Import the corrected failed rows" (docs/imports.md, "Failed rows and corrections"): a job
 * made from the corrected failed-rows file of an earlier job names that job. The link is read
 * both ways (the original shows the jobs that corrected it), hence the index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('imports').alterTable('import_jobs', (t) => {
    t.uuid('corrects_job_id').references('id').inTable('imports.import_jobs').onDelete('SET NULL');
  });
  await knex.raw('CREATE INDEX import_jobs_corrects_job_id ON imports.import_jobs (corrects_job_id) WHERE corrects_job_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS imports.import_jobs_corrects_job_id');
  await knex.schema.withSchema('imports').alterTable('import_jobs', (t) => {
    t.dropColumn('corrects_job_id');
  });
}
