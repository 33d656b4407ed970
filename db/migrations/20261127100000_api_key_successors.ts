import type { Knex } from 'knex';

/**
 * A key is rotated once: `successor_id` is the key its rotation made, and a rotation sets it only
 * while it is null (domain/apiKeys.ts `rotateApiKey`), so rotating the same key twice, or twice at
 * once, cannot give it two successors. Keys rotated before this migration have no recorded
 * successor (nothing linked old and new keys then).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('api_keys', (t) => {
    t.integer('successor_id').references('id').inTable('membership.api_keys');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('api_keys', (t) => {
    t.dropColumn('successor_id');
  });
}
