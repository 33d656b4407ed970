import type { Knex } from 'knex';

/**
 * Contract rule 12 (issue 23): a tenant's OpenID provider for its members, and anonymous
 * registrations. `tenant_member_oidc` is the member portal's provider per registration system
 * (its client secret is read by the router over membership's key-authenticated interface only).
 * An account retired by a sign-in that took over its anonymous registration records where its
 * data went (`merged_into_account_id`), so that the same exchange repeated changes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').createTable('tenant_member_oidc', (t) => {
    t.integer('registration_system_id').primary().references('id').inTable('membership.registration_systems').onDelete('CASCADE');
    t.text('issuer_url').notNullable();
    t.text('client_id').notNullable();
    t.text('client_secret').notNullable();
    /** What the portal's button says, e.g. "Club ID" in "Sign in with Club ID". */
    t.text('display_name').notNullable();
    /** Whether members may also continue without an account (`/auth/register-session`). */
    t.boolean('anonymous_allowed').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });
  await knex.schema.withSchema('membership').alterTable('accounts', (t) => {
    t.integer('merged_into_account_id').references('id').inTable('membership.accounts');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('accounts', (t) => {
    t.dropColumn('merged_into_account_id');
  });
  await knex.schema.withSchema('membership').dropTableIfExists('tenant_member_oidc');
}
