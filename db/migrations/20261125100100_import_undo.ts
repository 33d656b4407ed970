import type { Knex } from 'knex';

/**
 * Undo of a completed import (docs/imports.md, "Undo"): the job moves COMPLETED -> UNDOING (the
 * operator) -> UNDONE (a worker); `undo` holds who asked, when, how it ended and its counts; the
 * records the undo left as they are (changed since, still referenced) are listed per job in
 * `undo_refusals`, in the order the undo met them.
 */
const STATES_BEFORE = [
  'QUEUED',
  'PARSING',
  'COLUMNS_NEEDED',
  'MATCHING_CELLS',
  'CELLS_NEEDED',
  'VERIFYING',
  'FINGERPRINT_WARNING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'FINGERPRINT_ABORT',
];
const UNDO_STATES = ['UNDOING', 'UNDONE'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

async function allowStates(knex: Knex, states: string[]): Promise<void> {
  await knex.raw('ALTER TABLE imports.import_jobs DROP CONSTRAINT import_jobs_state_check');
  await knex.raw(`ALTER TABLE imports.import_jobs ADD CONSTRAINT import_jobs_state_check CHECK (state IN (${list(states)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await allowStates(knex, [...STATES_BEFORE, ...UNDO_STATES]);
  await knex.schema.withSchema('imports').alterTable('import_jobs', (t) => {
    // { requestedBy, requestedAt, finishedAt, error, counts, refused }
    t.jsonb('undo');
  });
  await knex.schema.withSchema('imports').createTable('undo_refusals', (t) => {
    t.uuid('job_id').notNullable().references('id').inTable('imports.import_jobs').onDelete('CASCADE');
    t.integer('seq').notNullable();
    // The file's row that last wrote the record; null for a record of the job as a whole (the event's labels).
    t.integer('row_no');
    t.text('record').notNullable();
    t.text('record_id').notNullable();
    t.integer('person_id');
    t.text('reason').notNullable();
    t.text('message').notNullable();
    t.specificType('referenced_by', 'text[]').notNullable().defaultTo('{}');
    t.primary(['job_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('imports').dropTableIfExists('undo_refusals');
  await knex.schema.withSchema('imports').alterTable('import_jobs', (t) => {
    t.dropColumn('undo');
  });
  // An undone job was a completed one.
  await knex.raw(`UPDATE imports.import_jobs SET state = 'COMPLETED' WHERE state IN (${list(UNDO_STATES)})`);
  await allowStates(knex, STATES_BEFORE);
}
