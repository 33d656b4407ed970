import type { Knex } from 'knex';

/**
 * Sync positions for the partner API (issue 22, docs/partner-api.md "Pagination and syncs"): every
 * row a partner lists page by page carries `sync_xid`, the id of the transaction that last changed
 * it (`pg_current_xact_id()`, 64 bits, never wraps), and lists are ordered by (sync_xid, id).
 *
 * Why not (updated_at, id): `now()` is when a transaction began, not when it committed, so a
 * transaction that began before a partner read a page and commits after it writes rows *behind*
 * the partner's cursor, and the next page never shows them. A reader shows only rows whose
 * sync_xid is below its snapshot's xmin (every transaction below it has ended, and every later
 * writer gets a larger id), so nothing can ever land behind a cursor. The price: a page shows no
 * row newer than the oldest write transaction still running (it shows up once that ends).
 *
 * What moves a row's position:
 * - persons (the partner's members): a change of the personal data a partner sees, and any change
 *   of one of the person's memberships or of their household (linked_persons of their accounts);
 * - orders, events, participants: any change of the row (participants: but `updated_at` alone);
 * - imports.import_jobs: whenever the imports service moves `updated_at` (states, progress), not
 *   lease renewals.
 * `updated_at` moves with it (`now()`), for the partner's `updatedSince` filter.
 *
 * Existing rows start at position 0 (before every transaction): a constant default needs no table
 * rewrite; new rows get their transaction's id.
 */

const TRACKED = [
  { table: 'membership.persons', index: 'persons_sync', leading: 'registration_system_id' },
  { table: 'membership.orders', index: 'orders_sync', leading: 'organisation_id' },
  { table: 'membership.events', index: 'events_sync', leading: 'organisation_id' },
  { table: 'membership.participants', index: 'participants_sync', leading: 'event_id' },
  { table: 'imports.import_jobs', index: 'import_jobs_sync', leading: 'organisation_id' },
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const { table, index, leading } of TRACKED) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN sync_xid xid8 NOT NULL DEFAULT '0'`);
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN sync_xid SET DEFAULT pg_current_xact_id()`);
    await knex.raw(`CREATE INDEX ${index} ON ${table} (${leading}, sync_xid, id)`);
  }
  // Whether a person is a member of a partner's organisations, whatever the membership's status (the
  // unique index on (person_id, period_id) leaves cancelled memberships out).
  await knex.raw('CREATE INDEX memberships_person ON membership.memberships (person_id)');

  // BEFORE UPDATE: the row's new position and time. A trigger's WHEN decides which changes count.
  await knex.raw(`
    CREATE FUNCTION membership.mark_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.sync_xid := pg_current_xact_id();
      NEW.updated_at := now();
      RETURN NEW;
    END $fn$`);
  // The personal data a partner sees. A BEFORE trigger's WHEN may not read NEW's generated columns
  // (the normalised names), so the columns are named; a new personal column belongs here too.
  await knex.raw(`
    CREATE TRIGGER persons_mark_changed BEFORE UPDATE ON membership.persons FOR EACH ROW
      WHEN ((OLD.first_name, OLD.last_name, OLD.date_of_birth, OLD.email)
            IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.date_of_birth, NEW.email))
      EXECUTE FUNCTION membership.mark_changed()`);
  await knex.raw(`
    CREATE TRIGGER orders_mark_changed BEFORE UPDATE ON membership.orders FOR EACH ROW
      WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION membership.mark_changed()`);
  await knex.raw(`
    CREATE TRIGGER events_mark_changed BEFORE UPDATE ON membership.events FOR EACH ROW
      WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
      EXECUTE FUNCTION membership.mark_changed()`);
  // An import writing a participant again unchanged sets updated_at only: not a change.
  await knex.raw(`
    CREATE TRIGGER participants_mark_changed BEFORE UPDATE ON membership.participants FOR EACH ROW
      WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
      EXECUTE FUNCTION membership.mark_changed()`);

  // A member's position moves with their memberships and their household: set-based (one UPDATE
  // per statement, through its transition table), locking the persons in id order so that two
  // statements touching the same persons cannot deadlock.
  await knex.raw(`
    CREATE FUNCTION membership.mark_members_of_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM 1 FROM membership.persons
        WHERE id IN (SELECT person_id FROM changed_rows) ORDER BY id FOR NO KEY UPDATE;
      UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
        WHERE id IN (SELECT person_id FROM changed_rows);
      RETURN NULL;
    END $fn$`);
  for (const event of ['INSERT', 'UPDATE']) {
    await knex.raw(`
      CREATE TRIGGER memberships_mark_members_${event.toLowerCase()} AFTER ${event} ON membership.memberships
        REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
        EXECUTE FUNCTION membership.mark_members_of_memberships()`);
  }
  // A household is the persons linked to one account: a link added or removed changes every one of them.
  await knex.raw(`
    CREATE FUNCTION membership.mark_households_of_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM 1 FROM membership.persons
        WHERE id IN (SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id IN (SELECT account_id FROM changed_rows)
                     UNION SELECT person_id FROM changed_rows)
        ORDER BY id FOR NO KEY UPDATE;
      UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
        WHERE id IN (SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id IN (SELECT account_id FROM changed_rows)
                     UNION SELECT person_id FROM changed_rows);
      RETURN NULL;
    END $fn$`);
  for (const [event, transition] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const) {
    await knex.raw(`
      CREATE TRIGGER linked_persons_mark_households_${event.toLowerCase()} AFTER ${event} ON membership.linked_persons
        REFERENCING ${transition} TABLE AS changed_rows FOR EACH STATEMENT
        EXECUTE FUNCTION membership.mark_households_of_links()`);
  }

  // The imports service keeps updated_at itself (clock_timestamp() on insert); a lease renewal leaves it alone.
  await knex.raw(`
    CREATE FUNCTION imports.mark_sync_position() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.sync_xid := pg_current_xact_id();
      RETURN NEW;
    END $fn$`);
  await knex.raw(`
    CREATE TRIGGER import_jobs_mark_sync_position BEFORE UPDATE ON imports.import_jobs FOR EACH ROW
      WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at) EXECUTE FUNCTION imports.mark_sync_position()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS import_jobs_mark_sync_position ON imports.import_jobs');
  await knex.raw('DROP FUNCTION IF EXISTS imports.mark_sync_position()');
  for (const event of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER IF EXISTS linked_persons_mark_households_${event} ON membership.linked_persons`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS membership.mark_households_of_links()');
  for (const event of ['insert', 'update']) {
    await knex.raw(`DROP TRIGGER IF EXISTS memberships_mark_members_${event} ON membership.memberships`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS membership.mark_members_of_memberships()');
  for (const table of ['participants', 'events', 'orders', 'persons']) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_mark_changed ON membership.${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS membership.mark_changed()');
  await knex.raw('DROP INDEX IF EXISTS membership.memberships_person');
  for (const { table, index } of TRACKED) {
    const schema = table.split('.')[0];
    await knex.raw(`DROP INDEX IF EXISTS ${schema}.${index}`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS sync_xid`);
  }
}
