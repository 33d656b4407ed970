import { createScratchDatabase, startEmbeddedPostgres } from '@ems/db';
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
