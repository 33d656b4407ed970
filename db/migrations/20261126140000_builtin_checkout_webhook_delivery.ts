import type { Knex } from 'knex';

/**
 * The built-in payment provider delivers its webhook after answering the payer, as real providers
 * do, and redelivers until our endpoint acknowledges it (2xx). `webhook_delivered_at` is that
 * acknowledgement: a decided checkout without it is delivered again, also after a restart
 * (docs/payments.md, "The built-in provider"). Checkouts decided before this migration were
 * announced synchronously, before the payer was redirected, so they count as delivered.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('builtin_checkouts', (t) => {
    t.timestamp('webhook_delivered_at', { useTz: true });
  });
  await knex.raw(`UPDATE membership.builtin_checkouts SET webhook_delivered_at = decided_at WHERE decided_at IS NOT NULL`);
  // What the start's redelivery reads: few rows, usually none.
  await knex.raw(
    `CREATE INDEX builtin_checkouts_webhook_undelivered ON membership.builtin_checkouts (decided_at)
       WHERE status <> 'open' AND webhook_delivered_at IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS membership.builtin_checkouts_webhook_undelivered`);
  await knex.schema.withSchema('membership').alterTable('builtin_checkouts', (t) => {
    t.dropColumn('webhook_delivered_at');
  });
}
