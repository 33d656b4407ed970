import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * A fresh logical database per test suite on a real PostgreSQL server. `serverUrl` points at any
 * database on the server (e.g. the machine's `postgres`); the returned URL points at the new one.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'ems_test',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = withDatabase(serverUrl, name);
  return {
    url,
    name,
    drop: () => withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
