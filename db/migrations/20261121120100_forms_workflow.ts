import type { Knex } from 'knex';

/**
 * The registration question workflow (schema `forms`, written only by the forms subgraph; see
 * docs/design/registration.md): process definitions and their steps, process instances (one
 * registration in progress) and the answers per step and person.
 *
 * `period_id` and `order_id` point at membership rows without a foreign key on purpose: those
 * rows are membership's, reached only through its exported functions, and a cross-schema key
 * would tie this migration to the shape of membership's tables. Accounts and organisations are
 * stable identity rows (auth foundation), so they do get keys.
 */

const PROCESS_STATES = ['NONE', 'RUNNING', 'SUSPENDED', 'DONE', 'PENDING_PAYMENT', 'COMPLETED', 'CANCELLED', 'RESUME'];
const QUESTION_TYPES = ['TXT', 'NUM', 'DRP', 'BCB', 'ITC', 'ONE', 'RDO', 'SEL'];
const ANSWER_KEYS = ['membershipType', 'insurance', 'magazine', 'transferFromClub'];

const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SCHEMA IF NOT EXISTS forms');
  // A schema builder queues statements, so every statement gets a fresh one.
  const f = () => knex.schema.withSchema('forms');

  await f().createTable('process_definitions', (t) => {
    t.increments('id');
    t.text('key').notNullable();
    t.text('name').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organisation_id', 'key', 'version']);
  });

  await f().createTable('process_steps', (t) => {
    t.increments('id');
    t.integer('definition_id').notNullable().references('id').inTable('forms.process_definitions').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('question').notNullable();
    t.text('question_type').notNullable();
    t.boolean('required').notNullable().defaultTo(true);
    // [{ value, label }] for choice questions, else null.
    t.jsonb('options');
    // What the answer feeds when the order is created (membership type, an option, the transfer club).
    t.text('answer_key');
    // null = everyone; { minAge?, maxAge? } on the period's reference date.
    t.jsonb('applies_to');
    t.unique(['definition_id', 'position']);
    t.check('position >= 1', [], 'process_steps_position');
    t.check(`question_type IN (${list(QUESTION_TYPES)})`, [], 'process_steps_question_type');
    t.check(`answer_key IS NULL OR answer_key IN (${list(ANSWER_KEYS)})`, [], 'process_steps_answer_key');
    t.check(`options IS NULL OR jsonb_typeof(options) = 'array'`, [], 'process_steps_options');
    t.check(`applies_to IS NULL OR jsonb_typeof(applies_to) = 'object'`, [], 'process_steps_applies_to');
  });

  await f().createTable('process_instances', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('definition_id').notNullable().references('id').inTable('forms.process_definitions');
    t.integer('account_id').notNullable().references('id').inTable('membership.accounts');
    t.integer('registration_system_id').notNullable();
    t.integer('period_id').notNullable();
    t.text('state').notNullable();
    // 1 = the person overview; 2..n+1 = the definition's questions.
    t.integer('step').notNullable().defaultTo(1);
    t.specificType('selected_person_ids', 'integer[]').notNullable().defaultTo(knex.raw(`'{}'::integer[]`));
    t.integer('order_id');
    t.text('payment_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`state IN (${list(PROCESS_STATES)})`, [], 'process_instances_state');
    t.check('step >= 1', [], 'process_instances_step');
    t.index(['account_id', 'period_id']);
  });
  // One open registration per account and period; finished ones stay as history.
  await knex.raw(`
    CREATE UNIQUE INDEX process_instances_one_open
      ON forms.process_instances (account_id, period_id)
      WHERE state NOT IN ('COMPLETED', 'CANCELLED')`);

  await f().createTable('process_step_answers', (t) => {
    t.uuid('instance_id').notNullable().references('id').inTable('forms.process_instances').onDelete('CASCADE');
    t.integer('step').notNullable();
    t.integer('person_id').notNullable();
    t.text('answer');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['instance_id', 'step', 'person_id']);
    // The domain refuses longer answers first (checkAnswerShape, 1000 code points); this is the backstop.
    t.check('char_length(answer) <= 1000', [], 'process_step_answers_length');
  });
}

export async function down(knex: Knex): Promise<void> {
  const f = () => knex.schema.withSchema('forms');
  for (const table of ['process_step_answers', 'process_instances', 'process_steps', 'process_definitions']) {
    await f().dropTableIfExists(table);
  }
  await knex.raw('DROP SCHEMA IF EXISTS forms');
}
