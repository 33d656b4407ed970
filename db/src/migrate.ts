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

/** Brings the schema up to date; safe to call from several processes at once (knex locks). */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(config)) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback(config, true);
}
