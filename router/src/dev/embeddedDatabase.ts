import { fork } from 'node:child_process';
import path from 'node:path';
import type { EmbeddedDatabase, EmbeddedOptions } from '@ems/db';

/** What the server's own process (embeddedDatabaseProcess.ts) answers once it started, or why not. */
export type EmbeddedServerMessage = { url: string; adminUrl: string } | { error: string };

/**
 * `startEmbeddedPostgres` in a process of its own and in a process group of its own, for a
 * launcher run in a terminal: Ctrl-C signals the terminal's whole foreground process group at
 * once, and a server in it would shut down while the services are still closing their
 * connections. Out of the group, the server stops when `stop` is called, after the services, or
 * when the caller's process ends in any other way (a forced exit, a crash, SIGKILL: its IPC
 * channel closes), so it is never left behind.
 */
export async function startEmbeddedPostgresOutOfGroup(options: Omit<EmbeddedOptions, 'onLog'>): Promise<EmbeddedDatabase> {
  const typescript = path.extname(__filename) === '.ts';
  const server = fork(path.join(__dirname, `embeddedDatabaseProcess${path.extname(__filename)}`), [JSON.stringify(options)], {
    detached: true,
    execArgv: typescript ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const started = await new Promise<EmbeddedServerMessage>((resolve, reject) => {
    server.once('message', (message) => resolve(message as EmbeddedServerMessage));
    server.once('exit', (code) => reject(new Error(`embedded PostgreSQL's process ended (code ${code}) before the server started`)));
  });
  if ('error' in started) {
    await exited;
    throw new Error(started.error);
  }
  return {
    ...started,
    stop: async () => {
      if (server.connected) server.disconnect();
      await exited;
    },
  };
}
