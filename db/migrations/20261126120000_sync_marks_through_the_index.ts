import type { Knex } from 'knex';
import {
  MARK_HOUSEHOLDS as PREVIOUS_MARK_HOUSEHOLDS,
  MARK_MEMBERS as PREVIOUS_MARK_MEMBERS,
} from './20261125150100_partner_sync_refinements';

/**
 * The partner sync marks (20261125150000, 20261125150100) find the persons to move with
 * `id IN (subquery over the transition table)`. For a batch of thousands of rows (an import's
 * chunk) the planner then hashes the subquery and scans every person of every tenant, twice
 * (the lock and the update): 85 ms of a 5,000-row chunk with 200,000 persons, growing with the
 * table. Collected into an array first, the persons (and the household links) are probed through
 * their indexes: 13 ms for the same chunk, whatever the table's size. Same rows, same lock order;
 * both triggers move the persons through one function.
 */
const MOVE_PERSONS = `
  CREATE FUNCTION membership.move_persons_to_this_transaction(members int[]) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    -- Locked in id order first, so that two transactions moving the same persons cannot deadlock.
    PERFORM 1 FROM membership.persons WHERE id = ANY (members) AND sync_xid <> pg_current_xact_id()
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE membership.persons SET sync_xid = pg_current_xact_id(), updated_at = now()
      WHERE id = ANY (members) AND sync_xid <> pg_current_xact_id();
  END $fn$`;

const MARK_MEMBERS = `
  CREATE OR REPLACE FUNCTION membership.mark_members_of_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM membership.move_persons_to_this_transaction(ARRAY(SELECT DISTINCT person_id FROM changed_rows));
    RETURN NULL;
  END $fn$`;

const MARK_HOUSEHOLDS = `
  CREATE OR REPLACE FUNCTION membership.mark_households_of_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    accounts int[] := ARRAY(SELECT DISTINCT account_id FROM changed_rows);
  BEGIN
    PERFORM membership.move_persons_to_this_transaction(ARRAY(
      SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id = ANY (accounts)
      UNION SELECT person_id FROM changed_rows));
    RETURN NULL;
  END $fn$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(MOVE_PERSONS);
  await knex.raw(MARK_MEMBERS);
  await knex.raw(MARK_HOUSEHOLDS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(PREVIOUS_MARK_MEMBERS);
  await knex.raw(PREVIOUS_MARK_HOUSEHOLDS);
  await knex.raw('DROP FUNCTION membership.move_persons_to_this_transaction(int[])');
}
