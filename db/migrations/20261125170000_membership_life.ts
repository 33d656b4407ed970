import type { Knex } from 'knex';

/**
 * The membership's life after payment (docs/membership-life.md): Agenda's job table for the
 * membership worker, the record of every scheduled message sent (one per person, kind and period,
 * written in the outbox row's transaction), members' reminder preferences (the unsubscribe link's
 * token), each membership's card token (the QR code's capability), and e-mail attachments and
 * unsubscribe links in the outbox.
 */

const MESSAGE_KINDS = ['welcome', 'expiry_reminder', 'renewal_prompt'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  const m = () => knex.schema.withSchema('membership');

  // Agenda's table, as imports.agenda_jobs (@agendajs/postgres-backend 3.0.6's schema, `ensureSchema`
  // off); the membership worker's pool sets search_path to membership.
  await knex.raw(`
    CREATE TABLE membership.agenda_jobs (
      id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
      name VARCHAR(255) NOT NULL,
      priority INTEGER NOT NULL DEFAULT 0,
      next_run_at TIMESTAMPTZ,
      type VARCHAR(10) NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
      locked_at TIMESTAMPTZ,
      last_finished_at TIMESTAMPTZ,
      failed_at TIMESTAMPTZ,
      fail_count INTEGER DEFAULT NULL,
      fail_reason TEXT,
      repeat_timezone VARCHAR(100),
      last_run_at TIMESTAMPTZ,
      repeat_interval VARCHAR(255),
      data JSONB DEFAULT '{}'::jsonb,
      repeat_at VARCHAR(255),
      disabled BOOLEAN DEFAULT FALSE,
      progress REAL,
      fork BOOLEAN DEFAULT FALSE,
      last_modified_by VARCHAR(255),
      debounce_started_at TIMESTAMPTZ,
      start_date TIMESTAMPTZ,
      end_date TIMESTAMPTZ,
      skip_days JSONB,
      created_at TIMESTAMPTZ DEFAULT NOW(),
      updated_at TIMESTAMPTZ DEFAULT NOW()
    )`);
  await knex.raw(
    `CREATE INDEX agenda_jobs_find_and_lock_idx ON membership.agenda_jobs (name, next_run_at, priority DESC, locked_at, disabled) WHERE disabled = FALSE`,
  );
  await knex.raw(`CREATE UNIQUE INDEX agenda_jobs_single_job_idx ON membership.agenda_jobs (name) WHERE type = 'single'`);
  await knex.raw(`CREATE INDEX agenda_jobs_locked_at_idx ON membership.agenda_jobs (locked_at) WHERE locked_at IS NOT NULL`);
  await knex.raw(`CREATE INDEX agenda_jobs_next_run_at_idx ON membership.agenda_jobs (next_run_at) WHERE next_run_at IS NOT NULL`);
  await knex.raw(`
    CREATE FUNCTION membership.update_agenda_jobs_updated_at() RETURNS TRIGGER AS $$
    BEGIN
      NEW.updated_at = NOW();
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER agenda_jobs_updated_at_trigger BEFORE UPDATE ON membership.agenda_jobs
    FOR EACH ROW EXECUTE FUNCTION membership.update_agenda_jobs_updated_at()`);

  // The outbox carries what to attach (rendered when sending: a membership card is made from the
  // membership as it is then) and, for reminders, the unsubscribe link (List-Unsubscribe).
  await m().alterTable('emails', (t) => {
    t.jsonb('attachments').notNullable().defaultTo('[]');
    t.text('unsubscribe_url');
  });

  // The scheduled messages sent: the key (person, kind, period) is inserted in the transaction
  // that queues the e-mail, so a message goes out once whatever runs the sweep, and how often.
  await m().createTable('member_messages', (t) => {
    t.integer('person_id').notNullable().references('id').inTable('membership.persons');
    t.text('kind').notNullable();
    t.integer('period_id').notNullable().references('id').inTable('membership.membership_periods');
    t.integer('membership_id').notNullable().references('id').inTable('membership.memberships');
    t.integer('email_id').references('id').inTable('membership.emails');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['person_id', 'kind', 'period_id']);
    t.check(`kind IN (${list(MESSAGE_KINDS)})`, [], 'member_messages_kind');
  });

  // Reminders (expiry, renewal) can be turned off per person; confirmations and the welcome cannot.
  // The token is the unsubscribe link's capability, made when the first reminder is composed.
  await m().createTable('reminder_preferences', (t) => {
    t.integer('person_id').primary().references('id').inTable('membership.persons');
    t.uuid('token').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.timestamp('unsubscribed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The card's QR code carries this capability (like the pay link's token): unguessable, and a
  // lost card's code can be revoked by giving the membership a new one.
  await knex.raw(`ALTER TABLE membership.memberships ADD COLUMN card_token uuid NOT NULL DEFAULT gen_random_uuid()`);
  await knex.raw(`CREATE UNIQUE INDEX memberships_card_token ON membership.memberships (card_token)`);
  // The welcome sweep looks at memberships activated lately.
  await knex.raw(
    `CREATE INDEX memberships_recently_activated ON membership.memberships (activated_at) WHERE status = 'active' AND order_id IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS membership.memberships_recently_activated');
  await knex.raw('DROP INDEX IF EXISTS membership.memberships_card_token');
  await knex.raw('ALTER TABLE membership.memberships DROP COLUMN IF EXISTS card_token');
  await knex.schema.withSchema('membership').dropTableIfExists('reminder_preferences');
  await knex.schema.withSchema('membership').dropTableIfExists('member_messages');
  await knex.schema.withSchema('membership').alterTable('emails', (t) => {
    t.dropColumn('unsubscribe_url');
    t.dropColumn('attachments');
  });
  await knex.raw('DROP TABLE IF EXISTS membership.agenda_jobs');
  await knex.raw('DROP FUNCTION IF EXISTS membership.update_agenda_jobs_updated_at()');
}
