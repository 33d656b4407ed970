import type { Knex } from 'knex';

/**
 * Operators' OpenID Connect identities (docs/decisions.md, "Operators' sign-in"): the admin
 * portal signs operators in at an identity provider, and the admin service finds their accounts
 * by the provider's (issuer, subject) pair. One identity may stand for several accounts: an
 * operator has one account per registration system (tenant). The first sign-in finds the accounts
 * by the provider's verified e-mail address and records the pair here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').createTable('operator_identities', (t) => {
    t.text('issuer').notNullable();
    t.text('subject').notNullable();
    t.integer('account_id').notNullable().references('id').inTable('membership.accounts').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['issuer', 'subject', 'account_id']);
    t.index(['account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').dropTableIfExists('operator_identities');
}
