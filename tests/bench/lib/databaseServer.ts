import { createKnex, createScratchDatabase, migrateLatest, startEmbeddedPostgres, type Knex } from '@ems/db';
import { seedDemoInstallation } from '@ems/forms/demo';
import { generateDevSecrets, type DevSecrets } from '@ems/router/src/dev/secrets';
import { freePort } from '@ems/router/src/dev/stack';

export interface BenchDatabase {
  /** URL of the scratch database the benchmark's stack runs on. */
  url: string;
  /** Where it came from, for the report. */
  server: 'DATABASE_URL' | 'embedded';
  /** Drops the scratch database, then stops the embedded server if one was started. */
  release(): Promise<void>;
}

/**
 * A fresh logical database for one benchmark run: on the server `serverUrl` points at when given,
 * else on an embedded PostgreSQL under `embeddedDataDir` on a free loopback port.
 */
export async function acquireBenchDatabase(serverUrl: string | undefined, embeddedDataDir: string, prefix: string): Promise<BenchDatabase> {
  const embedded = serverUrl ? undefined : await startEmbeddedPostgres({ dataDir: embeddedDataDir, port: await freePort() });
  try {
    const scratch = await createScratchDatabase(serverUrl ?? embedded!.adminUrl, prefix);
    return {
      url: scratch.url,
      server: embedded ? 'embedded' : 'DATABASE_URL',
      release: async () => {
        try {
          await scratch.drop();
        } finally {
          await embedded?.stop();
        }
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

export interface SeededBenchDatabase {
  url: string;
  server: BenchDatabase['server'];
  /** The server's version, for the report. */
  postgresVersion: string | undefined;
  /** A small pool for the benchmark's own set-up and checks. */
  knex: Knex;
  /** The secrets the demo installation was seeded with and the stack must be started with. */
  secrets: DevSecrets;
}

/**
 * A scratch database (see acquireBenchDatabase) migrated and seeded with the demo installation,
 * with fresh secrets. What must be undone (pool, database) is pushed onto `cleanup`.
 */
export async function seededBenchDatabase(
  serverUrl: string | undefined,
  embeddedDataDir: string,
  prefix: string,
  cleanup: Array<() => Promise<void>>,
): Promise<SeededBenchDatabase> {
  const db = await acquireBenchDatabase(serverUrl, embeddedDataDir, prefix);
  cleanup.push(db.release);
  const knex = createKnex(db.url, { poolMax: 2, applicationName: 'ems-bench' });
  cleanup.push(() => knex.destroy());
  const secrets = generateDevSecrets();
  await migrateLatest(knex);
  await seedDemoInstallation(knex, { customerSecret: secrets.customerSecret, portalApiKey: secrets.portalApiKey });
  const { rows } = await knex.raw<{ rows: Array<{ server_version: string }> }>('SHOW server_version');
  return { url: db.url, server: db.server, postgresVersion: rows[0]?.server_version, knex, secrets };
}
