import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';

/**
 * A fresh logical database per test suite on a real PostgreSQL server. `serverUrl` points at any
 * database on the server (e.g. the machine's `postgres`); the returned URL points at the new one.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'ems_test',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.raw('CREATE DATABASE ??', [name]));
  const url = withDatabase(serverUrl, name);
  return {
    url,
    name,
    drop: () => onServer(serverUrl, (admin) => admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name])).then(() => undefined),
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A knex of one connection on the server's admin database, destroyed right after: CREATE and
 * DROP DATABASE cannot run inside a transaction, and `knex.raw` outside one does not open any.
 */
async function onServer<T>(url: string, fn: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'ems-testing' },
    pool: { min: 0, max: 1 },
  });
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}
