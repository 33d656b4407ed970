import type { Knex } from 'knex';

/**
 * What a partner key may read (issue 22): its scopes, a subset of `PARTNER_SCOPES`
 * (`@ems/schema`), checked by `createApiKey`; portal keys have none. The partner token a key is
 * exchanged for carries them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('api_keys', (t) => {
    t.specificType('scopes', 'text[]').notNullable().defaultTo(knex.raw(`'{}'::text[]`));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('api_keys', (t) => {
    t.dropColumn('scopes');
  });
}
