import { createKnex, createScratchDatabase, migrateLatest, type Knex } from '@ems/db';
import { testServerUrl } from './databaseServer';

/** A migrated, empty database of its own for one test suite; drop it in afterAll. */
export async function migratedScratchDatabase(): Promise<{ url: string; knex: Knex; drop(): Promise<void> }> {
  const db = await createScratchDatabase(testServerUrl());
  const knex = createKnex(db.url, { poolMax: 5 });
  await migrateLatest(knex);
  return {
    url: db.url,
    knex,
    drop: async () => {
      await knex.destroy();
      await db.drop();
    },
  };
}
