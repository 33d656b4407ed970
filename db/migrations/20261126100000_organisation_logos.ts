import type { Knex } from 'knex';

/**
 * An organisation's logo (issue 23: the club's logo on every member screen), in PostgreSQL beside
 * the rest of the tenant's data. A table of its own so that reading an organisation never drags
 * the image along. `sha256` (hex, of `content`) names the image in its public URL, which is then
 * cached for good: a new logo is a new URL. Only raster images are kept (no SVG: it can carry
 * script); the domain checks the bytes and the size (subgraphs/membership/src/domain/clubIdentity).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').createTable('organisation_logos', (t) => {
    t.integer('organisation_id').primary().references('id').inTable('membership.organisations').onDelete('CASCADE');
    t.text('media_type').notNullable();
    t.text('sha256').notNullable();
    t.binary('content').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`media_type IN ('image/png', 'image/jpeg', 'image/webp')`, [], 'organisation_logos_media_type');
    t.check(`sha256 ~ '^[0-9a-f]{64}$'`, [], 'organisation_logos_sha256');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').dropTableIfExists('organisation_logos');
}
