import type { Knex } from 'knex';

/**
 * The partner sync marks (20261125150000, 20261125150100) find the persons to move with
 * `id IN (subquery over the transition table)`. For a batch of thousands of rows (an import's
 * chunk) the planner then hashes the subquery and scans every person of every tenant, twice
 * (the lock and the update): 85 ms of a 5,000-row chunk with 200,000 persons, growing with the
 * table. Collected into arrays first, the persons (and the household links) are probed through
 * their indexes: 13 ms for the same chunk, whatever the table's size. Same rows, same lock order.
 */
const MARK_MEMBERS = `
  CREATE OR REPLACE FUNCTION membership.mark_members_of_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    members int[] := ARRAY(SELECT DISTINCT person_id FROM changed_rows);
  BEGIN
    PERFORM 1 FROM membership.persons WHERE id = ANY (members) AND sync_xid <> pg_current_xact_id()
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
      WHERE id = ANY (members) AND sync_xid <> pg_current_xact_id();
    RETURN NULL;
  END $fn$`;

const MARK_HOUSEHOLDS = `
  CREATE OR REPLACE FUNCTION membership.mark_households_of_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    accounts int[] := ARRAY(SELECT DISTINCT account_id FROM changed_rows);
    members int[];
  BEGIN
    members := ARRAY(SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id = ANY (accounts)
                     UNION SELECT person_id FROM changed_rows);
    PERFORM 1 FROM membership.persons WHERE id = ANY (members) AND sync_xid <> pg_current_xact_id()
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
      WHERE id = ANY (members) AND sync_xid <> pg_current_xact_id();
    RETURN NULL;
  END $fn$`;

/** As 20261125150100 left them. */
const PREVIOUS_MARK_MEMBERS = `
  CREATE OR REPLACE FUNCTION membership.mark_members_of_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM 1 FROM membership.persons
      WHERE id IN (SELECT person_id FROM changed_rows) AND sync_xid <> pg_current_xact_id()
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
      WHERE id IN (SELECT person_id FROM changed_rows) AND sync_xid <> pg_current_xact_id();
    RETURN NULL;
  END $fn$`;

const PREVIOUS_MARK_HOUSEHOLDS = `
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
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(PREVIOUS_MARK_MEMBERS);
  await knex.raw(PREVIOUS_MARK_HOUSEHOLDS);
}
