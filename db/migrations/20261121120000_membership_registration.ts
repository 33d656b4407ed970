import type { Knex } from 'knex';

/**
 * Membership registration (docs/design/registration.md, docs/payments.md): membership types,
 * periods with their pricing rules, memberships, orders with their lines, payment attempts and
 * provider events, membership numbers, the e-mail outbox and the built-in payment provider's own
 * storage. Everything in schema `membership`, written only by the membership subgraph.
 */

/** The default pattern of a membership number; tokens are documented in docs/payments.md. */
const DEFAULT_MEMBERSHIP_NUMBER_PATTERN = '{ORG}-{YYYY}-{SEQ:5}';

const TABLES_IN_CREATION_ORDER = [
  'membership_types',
  'membership_periods',
  'orders',
  'order_lines',
  'memberships',
  'payments',
  'payment_events',
  'membership_number_sequences',
  'emails',
  'builtin_checkouts',
] as const;

export async function up(knex: Knex): Promise<void> {
  // A schema builder queues statements and runs them all on every await, so each statement
  // gets a fresh one.
  const m = () => knex.schema.withSchema('membership');
  const now = () => knex.fn.now();

  await m().alterTable('organisations', (t) => {
    t.text('membership_number_pattern').notNullable().defaultTo(DEFAULT_MEMBERSHIP_NUMBER_PATTERN);
    // Without a sequence token two members could get the same number.
    // `{0,1}` rather than `?`: knex would read a question mark as a binding.
    t.check(`membership_number_pattern ~ '\\{SEQ(:[0-9]+){0,1}\\}'`, [], 'organisations_membership_number_pattern');
  });

  await m().createTable('membership_types', (t) => {
    t.increments('id');
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.text('description');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.unique(['organisation_id', 'code']);
  });

  await m().createTable('membership_periods', (t) => {
    t.increments('id');
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.text('name').notNullable();
    t.date('starts_on').notNullable();
    t.date('ends_on').notNullable();
    t.date('registration_opens_on').notNullable();
    t.date('registration_closes_on').notNullable();
    t.text('status').notNullable().defaultTo('open');
    // The pricing engine's PeriodPricingRules (docs/pricing.md).
    t.jsonb('pricing_rules').notNullable();
    // Renewals: a person active in the previous period renews.
    t.integer('previous_period_id').references('id').inTable('membership.membership_periods');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.index(['organisation_id']);
    t.check(`status IN ('open', 'closed')`, [], 'membership_periods_status');
    t.check('starts_on <= ends_on', [], 'membership_periods_dates');
    t.check('registration_opens_on <= registration_closes_on', [], 'membership_periods_registration_dates');
  });

  await m().createTable('orders', (t) => {
    t.increments('id');
    // Human friendly and also the bank-transfer payment reference, e.g. ORD-2026-000123.
    t.text('reference').notNullable().unique();
    t.integer('account_id').notNullable().references('id').inTable('membership.accounts');
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.integer('period_id').notNullable().references('id').inTable('membership.membership_periods');
    t.text('status').notNullable().defaultTo('unpaid');
    t.specificType('currency', 'char(3)').notNullable();
    t.integer('total_minor').notNullable();
    t.integer('paid_minor').notNullable().defaultTo(0);
    t.date('priced_on').notNullable();
    t.text('priced_window').notNullable();
    // The engine's Quote: what repricing starts from when the timing window has closed.
    t.jsonb('quote').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now());
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.index(['account_id']);
    t.index(['organisation_id']);
    t.index(['period_id']);
    t.check(`status IN ('unpaid', 'paid', 'cancelled')`, [], 'orders_status');
    t.check(`priced_window IN ('early', 'standard', 'late')`, [], 'orders_priced_window');
    t.check('total_minor >= 0 AND paid_minor >= 0', [], 'orders_amounts');
  });

  await m().createTable('order_lines', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('id').inTable('membership.orders').onDelete('CASCADE');
    // Null for a line of the whole order (family cap, per-order options, administration fee).
    t.integer('person_id').references('id').inTable('membership.persons');
    t.text('kind').notNullable();
    t.text('description').notNullable();
    t.integer('amount_minor').notNullable();
    t.text('rule').notNullable();
    t.integer('position').notNullable();
    t.unique(['order_id', 'position']);
  });

  await m().createTable('memberships', (t) => {
    t.increments('id');
    t.integer('person_id').notNullable().references('id').inTable('membership.persons');
    t.integer('period_id').notNullable().references('id').inTable('membership.membership_periods');
    t.integer('membership_type_id').notNullable().references('id').inTable('membership.membership_types');
    // Null for memberships that did not come through an order (e.g. imported ones).
    t.integer('order_id').references('id').inTable('membership.orders');
    t.text('status').notNullable().defaultTo('pending_payment');
    t.text('member_type').notNullable();
    t.text('membership_number');
    // Answers worth keeping with the membership (chosen options, transfer club).
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('activated_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.index(['order_id']);
    t.index(['period_id']);
    t.check(`status IN ('pending_payment', 'active', 'cancelled')`, [], 'memberships_status');
    t.check(`member_type IN ('new', 'renewal', 'transfer')`, [], 'memberships_member_type');
    t.check(`status <> 'active' OR membership_number IS NOT NULL`, [], 'memberships_active_has_number');
  });
  // One registration per person and period; a cancelled one frees the person again.
  await knex.raw(
    `CREATE UNIQUE INDEX memberships_one_per_person_period ON membership.memberships (person_id, period_id) WHERE status <> 'cancelled'`,
  );
  // A period belongs to one organisation, so this makes numbers unique within the organisation's year.
  await knex.raw(
    `CREATE UNIQUE INDEX memberships_number_per_period ON membership.memberships (period_id, membership_number) WHERE membership_number IS NOT NULL`,
  );

  await m().createTable('payments', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('id').inTable('membership.orders');
    t.text('provider').notNullable();
    // Null until the provider has accepted the attempt.
    t.text('provider_payment_id');
    t.text('status').notNullable().defaultTo('created');
    t.integer('amount_minor').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now());
    t.timestamp('confirmed_at', { useTz: true });
    // Who recorded a manual payment (an operator's account).
    t.integer('recorded_by_account_id').references('id').inTable('membership.accounts');
    t.unique(['provider', 'provider_payment_id']);
    t.index(['order_id']);
    t.check(`status IN ('created', 'pending', 'succeeded', 'failed', 'cancelled')`, [], 'payments_status');
    t.check('amount_minor >= 0', [], 'payments_amount');
  });

  await m().createTable('payment_events', (t) => {
    t.text('provider').notNullable();
    t.text('event_id').notNullable();
    t.text('provider_payment_id');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(now());
    t.primary(['provider', 'event_id']);
  });

  await m().createTable('membership_number_sequences', (t) => {
    t.integer('organisation_id').primary().references('id').inTable('membership.organisations');
    t.bigInteger('next_value').notNullable().defaultTo(1);
    t.check('next_value >= 1', [], 'membership_number_sequences_next_value');
  });

  await m().createTable('emails', (t) => {
    t.increments('id');
    t.text('to_address').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('kind').notNullable();
    t.integer('order_id').references('id').inTable('membership.orders');
    t.text('status').notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.timestamp('sent_at', { useTz: true });
    t.index(['status', 'id']);
    t.index(['order_id']);
    t.check(`status IN ('queued', 'sent', 'failed')`, [], 'emails_status');
  });
  // Activation happens once per order, so its confirmation is queued once; this is the safety net.
  await knex.raw(
    `CREATE UNIQUE INDEX emails_one_confirmation_per_order ON membership.emails (order_id) WHERE kind = 'membership_confirmation'`,
  );

  await m().createTable('builtin_checkouts', (t) => {
    // The provider payment id the built-in provider hands out.
    t.uuid('id').primary();
    t.text('order_reference').notNullable();
    t.integer('amount_minor').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.text('return_url').notNullable();
    // The event id of the webhook announcing the decision (kept so a redelivery reuses it).
    t.uuid('event_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.timestamp('decided_at', { useTz: true });
    t.check(`status IN ('open', 'paid', 'failed', 'cancelled')`, [], 'builtin_checkouts_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  const m = () => knex.schema.withSchema('membership');
  for (const table of [...TABLES_IN_CREATION_ORDER].reverse()) {
    await m().dropTableIfExists(table);
  }
  await m().alterTable('organisations', (t) => {
    t.dropChecks(['organisations_membership_number_pattern']);
    t.dropColumn('membership_number_pattern');
  });
}
