import type { Knex } from 'knex';

/**
 * The pay link's capability (docs/payments.md, "The pay link"): every order gets an unguessable
 * token, and the pay link is `…/orders/<reference>/pay?token=<token>`. The reference alone is the
 * bank-transfer reference and sequential, so it cannot be what lets someone start or cancel an
 * attempt. Existing orders get a token here (two v4 UUIDs: 244 random bits from PostgreSQL's
 * strong generator); new orders get 256 bits from node's `randomBytes`.
 *
 * Kept readable rather than hashed: the order's owner is shown the link again
 * (`Order.paymentUrl`, the retry on the payment-return page), and forms keeps the same URL in its
 * process row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE membership.orders
      ADD COLUMN payment_token text NOT NULL
        DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
        CHECK (length(payment_token) >= 32)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE membership.orders DROP COLUMN payment_token');
}
