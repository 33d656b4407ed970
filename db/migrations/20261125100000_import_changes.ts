import type { Knex } from 'knex';

/**
 * What each import job changed in membership's tables, so that the job can be undone
 * (docs/imports.md, "Undo"; docs/decisions.md, "Undo of an import"). Written by membership's own
 * set-based write statements, in the same statement as the write (a data-modifying CTE), and
 * consumed by the undo. One entry per record and job:
 *
 * - `before` null: the job created the record; `after_xmin` is the row version it left, and the
 *   undo deletes the record only while that version is still there (nobody changed it since).
 * - `before` set: the job updated the record; `before` is the row as it was before the job's
 *   first write to it, `after` the row as the job's last write left it. The undo puts `before`
 *   back only while the columns the import writes still hold `after`'s values.
 *
 * `record_id` is the record's id; a record with a composite key (an external id) puts its
 * integer part there (the source system) and its text part in `record_key`. `row_key` is the
 * caller's key of the row that last wrote the record (the import's row number), so refusals are
 * reported by row. No foreign keys: `import_job_id` names a row of the imports schema, and the
 * records are deleted by the undo while their entries are read.
 *
 * Also: indexes on the person references that had none (accounts, order lines, memberships of
 * any status), which the undo probes (and which PostgreSQL's own foreign-key check probes on
 * every deleted person).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE membership.import_changes (
      import_job_id uuid NOT NULL,
      record_table text NOT NULL,
      record_id bigint NOT NULL,
      record_key text NOT NULL DEFAULT '',
      row_key integer,
      before jsonb,
      after jsonb,
      after_xmin xid NOT NULL,
      PRIMARY KEY (import_job_id, record_table, record_id, record_key)
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS accounts_person_id_index ON membership.accounts (person_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS order_lines_person_id_index ON membership.order_lines (person_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS memberships_person_id_index ON membership.memberships (person_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS membership.memberships_person_id_index');
  await knex.raw('DROP INDEX IF EXISTS membership.order_lines_person_id_index');
  await knex.raw('DROP INDEX IF EXISTS membership.accounts_person_id_index');
  await knex.raw('DROP TABLE IF EXISTS membership.import_changes');
}
