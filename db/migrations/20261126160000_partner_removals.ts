import type { Knex } from 'knex';

/**
 * What left a partner's lists (docs/partner-api.md, "Removals"): a sync in sync order sees rows
 * that change, but a deleted row is simply gone, so a partner's copy would keep it forever (an
 * import undone, an order or participant deleted). Each deletion leaves a removal, in sync order
 * like the lists (`sync_xid`, `id`), read by `partner { removals }`:
 *
 * - MEMBER: a person no longer holds any membership of an organisation (their last one there was
 *   deleted, or moved to another person by a merge; the person may be deleted too). A member whose
 *   memberships change but who stays a member moves in the members list instead: a deleted
 *   membership now moves them as an added or changed one does (20261125150000 covered INSERT and
 *   UPDATE only).
 * - ORDER: an order deleted. PARTICIPANT: a participant deleted (with its event).
 *
 * Set-based statement triggers (one INSERT per statement through the transition table), so an
 * undo deleting 100,000 memberships writes its removals in one statement. No foreign keys: the row
 * `record_id` names is gone (and an undo must not find its persons referred to), and a removal
 * must not keep anything from being deleted. A MEMBER removal of a person who is a member of the
 * organisation again is not shown (data/partnerRemovals.ts): the members list has them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE membership.partner_removals (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('MEMBER', 'ORDER', 'PARTICIPANT')),
      record_id bigint NOT NULL,
      organisation_id integer NOT NULL,
      event_id integer,
      sync_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      removed_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX partner_removals_sync ON membership.partner_removals (organisation_id, sync_xid, id)');

  await knex.raw(`
    CREATE FUNCTION membership.record_membership_removals() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- The persons first (locked, moved): a transaction adding a membership for one of them holds
      -- that lock, so the check below, with a snapshot taken after the wait, sees its membership.
      PERFORM membership.move_persons_to_this_transaction(ARRAY(SELECT DISTINCT person_id FROM gone));
      INSERT INTO membership.partner_removals (kind, record_id, organisation_id)
      SELECT DISTINCT 'MEMBER', g.person_id, p.organisation_id
        FROM gone g JOIN membership.membership_periods p ON p.id = g.period_id
       WHERE NOT EXISTS (SELECT 1 FROM membership.memberships m JOIN membership.membership_periods mp ON mp.id = m.period_id
                          WHERE m.person_id = g.person_id AND mp.organisation_id = p.organisation_id);
      RETURN NULL;
    END $fn$`);
  // The memberships as they were: deleted ones, and updated ones (a merge moves them to another
  // person). A trigger with a transition table cannot name columns, so a status change runs it
  // too: its persons were just moved by memberships_mark_members_update (a no-op here) and still
  // hold the membership (no removal).
  for (const event of ['DELETE', 'UPDATE']) {
    await knex.raw(`
      CREATE TRIGGER memberships_record_removals_${event.toLowerCase()} AFTER ${event} ON membership.memberships
        REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION membership.record_membership_removals()`);
  }

  await knex.raw(`
    CREATE FUNCTION membership.record_order_removals() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO membership.partner_removals (kind, record_id, organisation_id) SELECT 'ORDER', id, organisation_id FROM gone;
      RETURN NULL;
    END $fn$`);
  await knex.raw(`
    CREATE TRIGGER orders_record_removals AFTER DELETE ON membership.orders
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION membership.record_order_removals()`);

  await knex.raw(`
    CREATE FUNCTION membership.record_participant_removals() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO membership.partner_removals (kind, record_id, organisation_id, event_id)
      SELECT 'PARTICIPANT', g.id, e.organisation_id, g.event_id FROM gone g JOIN membership.events e ON e.id = g.event_id;
      RETURN NULL;
    END $fn$`);
  await knex.raw(`
    CREATE TRIGGER participants_record_removals AFTER DELETE ON membership.participants
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION membership.record_participant_removals()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS participants_record_removals ON membership.participants');
  await knex.raw('DROP TRIGGER IF EXISTS orders_record_removals ON membership.orders');
  await knex.raw('DROP TRIGGER IF EXISTS memberships_record_removals_delete ON membership.memberships');
  await knex.raw('DROP TRIGGER IF EXISTS memberships_record_removals_update ON membership.memberships');
  await knex.raw('DROP FUNCTION IF EXISTS membership.record_participant_removals()');
  await knex.raw('DROP FUNCTION IF EXISTS membership.record_order_removals()');
  await knex.raw('DROP FUNCTION IF EXISTS membership.record_membership_removals()');
  await knex.raw('DROP TABLE IF EXISTS membership.partner_removals');
}
