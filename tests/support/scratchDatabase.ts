import { createKnex, createScratchDatabase, migrateLatest, type Knex } from '@ems/db';
import { seedDemoInstallation } from '@ems/forms/demo';
import type { DevSecrets } from '@ems/router/src/dev/secrets';
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

/** A database of its own with the schema and the demo installation, for a whole system to run on. */
export async function demoScratchDatabase(
  serverUrl: string,
  prefix: string,
  secrets: DevSecrets,
): Promise<{ url: string; drop(): Promise<void> }> {
  const db = await createScratchDatabase(serverUrl, prefix);
  const knex = createKnex(db.url, { poolMax: 2 });
  try {
    await migrateLatest(knex);
    await seedDemoInstallation(knex, {
      customerSecret: secrets.customerSecret,
      portalApiKey: secrets.portalApiKey,
      adminPortalApiKey: secrets.adminPortalApiKey,
    });
  } finally {
    await knex.destroy();
  }
  return db;
}
