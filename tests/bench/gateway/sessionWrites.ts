import type { Knex } from '@ems/db';

/**
 * PostgreSQL flushes a backend's table statistics asynchronously: at most once a second while it
 * is busy and, when it goes idle with stats pending, after PGSTAT_IDLE_INTERVAL (10 s). Reading
 * later than that after the router's last request sees every write it made.
 */
export const STATS_SETTLE_MS = 11_000;

/** Rows inserted, updated and deleted in gateway.session since the statistics were reset. */
export async function sessionTableWrites(knex: Knex): Promise<number> {
  const { rows: flush } = await knex.raw<{ rows: Array<{ fn: string | null }> }>(`SELECT to_regproc('pg_stat_force_next_flush') AS fn`);
  // PG15+: flushes this connection's pending stats and drops its snapshot, so the read below is fresh.
  if (flush[0]?.fn) await knex.raw('SELECT pg_stat_force_next_flush()');
  await knex.raw('SELECT pg_stat_clear_snapshot()');
  const { rows } = await knex.raw<{ rows: Array<{ writes: string | null }> }>(
    `SELECT n_tup_ins + n_tup_upd + n_tup_del AS writes
       FROM pg_stat_user_tables WHERE schemaname = 'gateway' AND relname = 'session'`,
  );
  if (!rows[0]) throw new Error('gateway.session not found in pg_stat_user_tables');
  return Number(rows[0].writes ?? 0);
}

/** Waits until the statistics include everything written up to `lastActivity`, then reads them. */
export async function settledSessionTableWrites(knex: Knex, lastActivity: number): Promise<number> {
  const wait = lastActivity + STATS_SETTLE_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return sessionTableWrites(knex);
}
