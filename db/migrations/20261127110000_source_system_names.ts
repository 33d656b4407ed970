import type { Knex } from 'knex';

/**
 * Operators now name source systems themselves (`createImportSourceSystem`): "RaceTiming" and
 * "racetiming" would be two sources with their own ids and template variants, so a name is unique
 * in its registration system whatever its case, as a result set's name is in its event. The
 * insert relies on this index (ON CONFLICT), so two operators creating one name at once get one
 * source system and one refusal.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE UNIQUE INDEX source_systems_name_any_case ON imports.source_systems (registration_system_id, lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX imports.source_systems_name_any_case');
}
