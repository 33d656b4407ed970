import type { Knex } from 'knex';

/**
 * The result-set import (E08, docs/imports.md): a result set is named once per event (a corrected
 * file replaces the set of the same name, compared case-insensitively), remembers how its points
 * were calculated and when it was last replaced; participants are found by the external id a
 * timing company gave them (one index probe per result row).
 *
 * Unique names need no clean-up of existing rows: nothing wrote result sets before this import.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('result_sets', (t) => {
    // The points calculator's name (NONE, RANK_TABLE, WINNER_PERCENT); null for sets recorded otherwise.
    t.text('points_calculator');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX result_sets_event_name ON membership.result_sets (event_id, lower(name))');
  await knex.raw('CREATE INDEX participants_external_id ON membership.participants (event_id, external_id) WHERE external_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS membership.participants_external_id');
  await knex.raw('DROP INDEX IF EXISTS membership.result_sets_event_name');
  await knex.schema.withSchema('membership').alterTable('result_sets', (t) => {
    t.dropColumn('updated_at');
    t.dropColumn('points_calculator');
  });
}
