import type { Knex } from 'knex';

/**
 * Everything sign-in needs: tenants (registration systems) with their host names, hash scheme
 * and customer-website secrets; organisations, accounts and OrgUser rows; persons and
 * LinkedPerson; API keys (hashed); the hand-off audit trail and used nonces (schema `membership`,
 * written by the membership subgraph). The gateway session table lives in schema
 * `gateway`, written by the router.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SCHEMA IF NOT EXISTS membership');
  await knex.raw('CREATE SCHEMA IF NOT EXISTS gateway');
  const m = () => knex.schema.withSchema('membership');

  await m().createTable('registration_systems', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('hash_scheme').notNullable().defaultTo('md5');
    t.integer('hash_max_age_seconds').notNullable().defaultTo(300);
    t.timestamps(true, true);
    t.check(`hash_scheme IN ('md5', 'hmac-sha256')`, [], 'registration_systems_hash_scheme');
  });

  await m().createTable('registration_system_hosts', (t) => {
    t.text('host').primary();
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems').onDelete('CASCADE');
  });

  await m().createTable('customer_secrets', (t) => {
    t.increments('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems').onDelete('CASCADE');
    t.text('label').notNullable().defaultTo('default');
    // Kept retrievable: MD5 and HMAC verification need the secret itself, not a hash of it.
    t.text('secret').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['registration_system_id']);
  });

  await m().createTable('organisations', (t) => {
    t.increments('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    t.text('name').notNullable();
    t.text('slug').notNullable();
    t.timestamps(true, true);
    t.unique(['registration_system_id', 'slug']);
  });

  await m().createTable('persons', (t) => {
    t.increments('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.date('date_of_birth');
    t.text('email');
    t.timestamps(true, true);
    t.index(['registration_system_id']);
  });

  await m().createTable('accounts', (t) => {
    t.increments('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    // The contract's userKey: the customer website's key for this user.
    t.text('external_user_id').notNullable();
    t.integer('person_id').references('id').inTable('membership.persons');
    t.text('email');
    t.timestamp('disabled_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['registration_system_id', 'external_user_id']);
  });

  await m().createTable('org_users', (t) => {
    t.increments('id');
    t.integer('account_id').notNullable().references('id').inTable('membership.accounts').onDelete('CASCADE');
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.specificType('roles', 'text[]').notNullable().defaultTo(knex.raw(`'{ROLE_USER}'::text[]`));
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['account_id', 'organisation_id']);
    t.index(['organisation_id']);
  });

  await m().createTable('linked_persons', (t) => {
    t.increments('id');
    t.integer('account_id').notNullable().references('id').inTable('membership.accounts').onDelete('CASCADE');
    t.integer('person_id').notNullable().references('id').inTable('membership.persons');
    t.text('relationship').notNullable().defaultTo('self');
    t.timestamps(true, true);
    t.unique(['account_id', 'person_id']);
    t.index(['person_id']);
  });

  await m().createTable('api_keys', (t) => {
    t.increments('id');
    // Keys are stored only as SHA-256 hashes; `prefix` (the first characters) lets operators tell them apart.
    t.text('prefix').notNullable();
    t.text('key_hash').notNullable().unique();
    t.text('portal').notNullable();
    t.text('label');
    t.integer('registration_system_id').references('id').inTable('membership.registration_systems');
    t.specificType('organisation_ids', 'integer[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.check(`portal IN ('registration', 'admin', 'partner')`, [], 'api_keys_portal');
  });

  await m().createTable('handoff_attempts', (t) => {
    t.bigIncrements('id');
    t.integer('registration_system_id');
    t.text('user_key');
    t.text('scheme');
    t.text('result').notNullable();
    t.text('reason');
    t.text('client_address');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['registration_system_id', 'created_at']);
    t.check(`result IN ('accepted', 'refused')`, [], 'handoff_attempts_result');
  });

  await m().createTable('used_nonces', (t) => {
    t.integer('registration_system_id').notNullable();
    t.text('nonce').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['registration_system_id', 'nonce']);
    t.index(['expires_at']);
  });

  // A schema builder queues statements, so each table gets a fresh one (m()).
  // The routers' session table (express-session's store, router/src/session/pgStore.ts), versioned here.
  await knex.schema.withSchema('gateway').createTable('session', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { precision: 6, useTz: false }).notNullable();
    t.index(['expire'], 'session_expire_idx');
  });
  // Ending every session of one user looks sessions up by the account they belong to.
  await knex.raw(`CREATE INDEX session_account_idx ON gateway.session (((sess -> 'auth' ->> 'accountId')))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').dropTableIfExists('session');
  const m = () => knex.schema.withSchema('membership');
  for (const table of [
    'used_nonces',
    'handoff_attempts',
    'api_keys',
    'linked_persons',
    'org_users',
    'accounts',
    'persons',
    'organisations',
    'customer_secrets',
    'registration_system_hosts',
    'registration_systems',
  ]) {
    await m().dropTableIfExists(table);
  }
  await knex.raw('DROP SCHEMA IF EXISTS gateway');
  await knex.raw('DROP SCHEMA IF EXISTS membership');
}
