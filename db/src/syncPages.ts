import type { Knex } from 'knex';
import type { SyncKeyType, SyncPosition } from '@ems/schema';
import { camelCaseRows } from './connection';

/**
 * One page of a partner list in sync order (docs/partner-api.md, "Pagination and syncs";
 * migration 20261125150000): rows of a table with `sync_xid` and `id`, after a position, below the
 * statement's watermark (its snapshot's xmin: every transaction below it has ended, so no row can
 * appear behind the page later), in (sync_xid, id) order. One statement; the watermark comes back
 * even when no row does.
 */
export interface SyncPageQuery {
  /** The FROM clause; the listed table is aliased `t`. */
  from: string;
  /** The select list (columns of `t` and anything joined). */
  columns: string;
  /** Further conditions, ANDed, with `?` bindings in order. */
  where: ReadonlyArray<{ sql: string; bindings?: readonly unknown[] }>;
  keyType: SyncKeyType;
  after: SyncPosition;
  /** Rows to read (a page reads one more than it shows). */
  limit: number;
}

export interface SyncPageRows<Row> {
  watermark: string;
  rows: Array<{ row: Row; position: SyncPosition }>;
}

export async function readSyncPage<Row>(db: Knex | Knex.Transaction, query: SyncPageQuery): Promise<SyncPageRows<Row>> {
  const conditions = query.where.map((w) => `AND (${w.sql})`).join('\n         ');
  const result = await db.raw(
    `SELECT w.watermark::text AS sync_watermark, r.*
       FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS watermark) w
       LEFT JOIN LATERAL (
         SELECT t.sync_xid::text AS sync_position_xid, t.id::text AS sync_position_key, ${query.columns}
           FROM ${query.from}
          WHERE t.sync_xid < w.watermark AND (t.sync_xid, t.id) > (?::xid8, ?::${query.keyType === 'int' ? 'bigint' : 'uuid'})
         ${conditions}
          ORDER BY t.sync_xid, t.id
          LIMIT ?
       ) r ON true`,
    [query.after.syncXid, query.after.key, ...query.where.flatMap((w) => w.bindings ?? []), query.limit] as Knex.RawBinding[],
  );
  const rows = camelCaseRows<Row & { syncWatermark: string; syncPositionXid: string | null; syncPositionKey: string }>(result);
  const watermark = rows[0]!.syncWatermark;
  return {
    watermark,
    rows: rows
      .filter((r) => r.syncPositionXid !== null)
      .map(({ syncWatermark: _w, syncPositionXid, syncPositionKey, ...row }) => ({
        row: row as unknown as Row,
        position: { syncXid: syncPositionXid as string, key: syncPositionKey },
      })),
  };
}
