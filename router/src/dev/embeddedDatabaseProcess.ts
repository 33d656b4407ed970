/**
 * The process `startEmbeddedPostgresOutOfGroup` runs the embedded PostgreSQL in, in a process
 * group of its own. Its argument is the server's options; it answers the server's URLs (or why
 * it did not start), and stops the server when its parent disconnects: asked to, or gone.
 */
import { startEmbeddedPostgres, type EmbeddedOptions } from '@ems/db';
import type { EmbeddedServerMessage } from './embeddedDatabase';

const options = JSON.parse(process.argv[2] ?? '{}') as EmbeddedOptions;

function answer(message: EmbeddedServerMessage): Promise<void> {
  // A parent already gone makes the callback's error; nothing is left to tell then.
  return new Promise((resolve) => process.send?.(message, () => resolve()));
}

startEmbeddedPostgres(options).then(
  async (db) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void db.stop().finally(() => process.exit(0));
    };
    process.once('disconnect', stop);
    await answer({ url: db.url, adminUrl: db.adminUrl });
    // The parent may have gone while the server was starting, before anyone listened.
    if (!process.connected) stop();
  },
  async (err: unknown) => {
    await answer({ error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);
