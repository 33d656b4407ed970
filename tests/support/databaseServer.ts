import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@ems/db';

/**
 * The PostgreSQL server the tests use: the one DATABASE_URL points at (CI: the machine's), or an
 * embedded one under .data/test-pg. Tests create a fresh logical database on it per suite.
 * The URL is handed to test workers through EMS_TEST_SERVER_URL.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const holder = globalThis as typeof globalThis & { __emsEmbedded?: EmbeddedDatabase; __emsEmbeddedUsers?: number };

export async function acquireDatabaseServer(): Promise<string> {
  if (process.env.EMS_TEST_SERVER_URL) {
    holder.__emsEmbeddedUsers = (holder.__emsEmbeddedUsers ?? 0) + 1;
    return process.env.EMS_TEST_SERVER_URL;
  }
  let url = process.env.DATABASE_URL;
  if (!url) {
    const port = Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339);
    holder.__emsEmbedded = await startEmbeddedPostgres({ dataDir: path.join(ROOT, '.data', 'test-pg'), port });
    url = holder.__emsEmbedded.adminUrl;
  }
  process.env.EMS_TEST_SERVER_URL = url;
  holder.__emsEmbeddedUsers = 1;
  return url;
}

export async function releaseDatabaseServer(): Promise<void> {
  holder.__emsEmbeddedUsers = (holder.__emsEmbeddedUsers ?? 1) - 1;
  if (holder.__emsEmbeddedUsers > 0) return;
  if (holder.__emsEmbedded) {
    await holder.__emsEmbedded.stop();
    holder.__emsEmbedded = undefined;
  }
  delete process.env.EMS_TEST_SERVER_URL;
}

export function testServerUrl(): string {
  const url = process.env.EMS_TEST_SERVER_URL;
  if (!url) throw new Error('EMS_TEST_SERVER_URL is not set: run the tests through jest (globalSetup starts the server)');
  return url;
}
