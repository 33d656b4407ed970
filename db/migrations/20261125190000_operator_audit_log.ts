import type { Knex } from 'knex';

/**
 * The operators' audit log (issue 20): every operator action that changes data, written in the
 * same transaction as the change by one helper (subgraphs/membership/src/domain/audit). Who (the
 * operator's account and user key, kept as text so the entry outlives the account), what (an
 * action name and its subject), when, and the subject's state before and after (JSON, null for a
 * creation or a deletion). Scoped like the data it describes: by the organisation the action
 * touched, inside its registration system. Append-only: nothing updates or deletes an entry.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.integer('actor_account_id').references('id').inTable('membership.accounts').onDelete('SET NULL');
    t.text('actor_user_key').notNullable();
    t.text('action').notNullable();
    t.text('subject_type').notNullable();
    t.text('subject_id').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The screen reads an organisation's entries newest first, optionally for one subject.
  await knex.raw('CREATE INDEX audit_log_organisation_recent ON membership.audit_log (organisation_id, id DESC)');
  await knex.raw('CREATE INDEX audit_log_subject ON membership.audit_log (subject_type, subject_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').dropTableIfExists('audit_log');
}
