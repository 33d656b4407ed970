import type { Knex } from 'knex';

/**
 * Two refinements of 20261125150000 (partner sync positions):
 * - A member's position moves with their memberships and household, but a person already at the
 *   writing transaction's position (created or moved by it, e.g. an import that inserts persons and
 *   then their memberships) is not updated again: a bulk import no longer writes each new person
 *   twice.
 * - `membership.memberships_person` duplicated `memberships_person_id_index` (20261125100000, the
 *   import change log) on the same column; one is enough.
 */
export const MARK_MEMBERS = `
  CREATE OR REPLACE FUNCTION membership.mark_members_of_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM 1 FROM membership.persons
      WHERE id IN (SELECT person_id FROM changed_rows) AND sync_xid <> pg_current_xact_id()
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
      WHERE id IN (SELECT person_id FROM changed_rows) AND sync_xid <> pg_current_xact_id();
    RETURN NULL;
  END $fn$`;

export const MARK_HOUSEHOLDS = `
  CREATE OR REPLACE FUNCTION membership.mark_households_of_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM 1 FROM membership.persons
      WHERE id IN (SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id IN (SELECT account_id FROM changed_rows)
                   UNION SELECT person_id FROM changed_rows)
        AND sync_xid <> pg_current_xact_id()
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
      WHERE id IN (SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id IN (SELECT account_id FROM changed_rows)
                   UNION SELECT person_id FROM changed_rows)
        AND sync_xid <> pg_current_xact_id();
    RETURN NULL;
  END $fn$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(MARK_MEMBERS);
  await knex.raw(MARK_HOUSEHOLDS);
  await knex.raw('DROP INDEX IF EXISTS membership.memberships_person');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS memberships_person ON membership.memberships (person_id)');
  // As 20261125150000 created them: without the condition.
  const original = (sql: string) => sql.replace(/\s+AND sync_xid <> pg_current_xact_id\(\)/g, '');
  await knex.raw(original(MARK_MEMBERS));
  await knex.raw(original(MARK_HOUSEHOLDS));
}
