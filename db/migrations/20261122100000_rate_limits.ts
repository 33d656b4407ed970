import type { Knex } from 'knex';

/**
 * Rate-limit counters (rate-limiter-flexible's Postgres store, in the shape it expects: key,
 * points, expire in epoch ms), one table per writing process: `gateway.rate_limits` for the
 * routers' sign-in limits, `membership.rate_limits` for the pay link. The store is told the table
 * exists; it deletes expired rows itself, by `expire`.
 */
const SCHEMAS = ['gateway', 'membership'];

export async function up(knex: Knex): Promise<void> {
  for (const schema of SCHEMAS) {
    await knex.schema.withSchema(schema).createTable('rate_limits', (t) => {
      t.string('key', 255).primary();
      t.integer('points').notNullable().defaultTo(0);
      t.bigInteger('expire');
      t.index(['expire']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const schema of SCHEMAS) await knex.schema.withSchema(schema).dropTableIfExists('rate_limits');
}
