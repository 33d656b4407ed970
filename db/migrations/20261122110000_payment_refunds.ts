import type { Knex } from 'knex';

/**
 * Refunds (docs/payments.md, "Refunds"): a payment that arrives for an order that is already paid
 * (a second attempt that also went through) is sent back through its provider. The request is
 * recorded in the same transaction that credits the payment, one per payment; the provider is
 * called after commit with an idempotency key, so a retry never refunds twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').createTable('payment_refunds', (t) => {
    t.increments('id');
    t.integer('payment_id').notNullable().unique().references('id').inTable('membership.payments');
    t.integer('amount_minor').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.text('reason').notNullable();
    // requested: to be sent to the provider; pending: the provider accepted it; failed: given up.
    t.text('status').notNullable().defaultTo('requested');
    t.text('provider_refund_id');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status IN ('requested', 'pending', 'succeeded', 'failed')`, [], 'payment_refunds_status');
    t.check('amount_minor > 0', [], 'payment_refunds_amount');
  });
  await knex.raw(`CREATE INDEX payment_refunds_requested ON membership.payment_refunds (id) WHERE status = 'requested'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').dropTable('payment_refunds');
}
