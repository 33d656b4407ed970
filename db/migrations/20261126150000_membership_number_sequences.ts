import type { Knex } from 'knex';

/**
 * Membership numbers come from a PostgreSQL sequence per organisation
 * (`membership.membership_numbers_<organisation id>`) instead of a counter row locked until
 * commit: a payer's settlement no longer waits for another payer's to commit
 * (docs/payments.md, "Membership numbers"). A trigger creates the sequence with the organisation
 * and drops it with it, so every organisation has one whoever inserts it. The counters' values
 * carry over; the table goes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION membership.membership_number_sequence_of(organisation_id integer) RETURNS regclass
      LANGUAGE sql STABLE AS $$ SELECT format('membership.%I', 'membership_numbers_' || organisation_id)::regclass $$`);
  await knex.raw(`
    CREATE FUNCTION membership.organisation_number_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        -- IF NOT EXISTS: a data-only restore brings the sequences along before it inserts the rows.
        EXECUTE format('CREATE SEQUENCE IF NOT EXISTS membership.%I', 'membership_numbers_' || NEW.id);
      ELSE
        EXECUTE format('DROP SEQUENCE IF EXISTS membership.%I', 'membership_numbers_' || OLD.id);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER organisations_number_sequence AFTER INSERT OR DELETE ON membership.organisations
      FOR EACH ROW EXECUTE FUNCTION membership.organisation_number_sequence()`);
  await knex.raw(`
    DO $$
    DECLARE o record;
    BEGIN
      FOR o IN SELECT org.id, s.next_value FROM membership.organisations org
                 LEFT JOIN membership.membership_number_sequences s ON s.organisation_id = org.id LOOP
        EXECUTE format('CREATE SEQUENCE membership.%I', 'membership_numbers_' || o.id);
        IF o.next_value > 1 THEN
          PERFORM setval(membership.membership_number_sequence_of(o.id), o.next_value - 1, true);
        END IF;
      END LOOP;
    END $$`);
  await knex.schema.withSchema('membership').dropTable('membership_number_sequences');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').createTable('membership_number_sequences', (t) => {
    t.integer('organisation_id').primary().references('id').inTable('membership.organisations');
    t.bigInteger('next_value').notNullable().defaultTo(1);
    t.check('next_value >= 1', [], 'membership_number_sequences_next_value');
  });
  await knex.raw(`
    DO $$
    DECLARE o record; last bigint; called boolean;
    BEGIN
      FOR o IN SELECT id FROM membership.organisations LOOP
        EXECUTE format('SELECT last_value, is_called FROM membership.%I', 'membership_numbers_' || o.id) INTO last, called;
        IF called THEN
          INSERT INTO membership.membership_number_sequences (organisation_id, next_value) VALUES (o.id, last + 1);
        END IF;
        EXECUTE format('DROP SEQUENCE membership.%I', 'membership_numbers_' || o.id);
      END LOOP;
    END $$`);
  await knex.raw(`DROP TRIGGER organisations_number_sequence ON membership.organisations`);
  await knex.raw(`DROP FUNCTION membership.organisation_number_sequence()`);
  await knex.raw(`DROP FUNCTION membership.membership_number_sequence_of(integer)`);
}
