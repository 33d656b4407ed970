import type { Knex } from 'knex';
import { migrations } from '../migrations';

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

const config: Knex.MigratorConfig = {
  migrationSource,
  schemaName: 'public',
  tableName: 'knex_migrations',
};

/** Any fixed number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_204_311;

/**
 * Brings the schema up to date. Every process calls this at start-up; an advisory lock makes the
 * others wait for the first (knex's own lock would make them fail instead), then find nothing to do.
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const [, applied] = (await knex.migrate.latest(config)) as [number, string[]];
    return applied;
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await knex.client.releaseConnection(connection);
  }
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback(config, true);
}
