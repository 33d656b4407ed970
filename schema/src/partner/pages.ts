import { InputError } from '../errors';

/**
 * Pages of the partner API (docs/partner-api.md, "Pagination and syncs"): Relay connections in
 * sync order, (sync position, id), with opaque cursors. A row's sync position is the id of the
 * transaction that last changed it (migration 20261125150000); a page holds only rows whose
 * position lies below its snapshot's xmin (the watermark), so no row can later appear behind a
 * cursor already handed out. The last page's endCursor is the watermark itself: kept by the
 * partner, it starts the next sync exactly where this one ended.
 */
export const PARTNER_PAGE_SIZE = { default: 100, max: 500 } as const;

/** `first`: the page size asked for; above the cap is refused, never silently cut. */
export function partnerPageSize(first: number | null | undefined): number {
  const size = first ?? PARTNER_PAGE_SIZE.default;
  if (!Number.isInteger(size) || size < 0) {
    throw new InputError(`first must be a whole number from 0 to ${PARTNER_PAGE_SIZE.max}`, { code: 'INVALID_PAGE_SIZE' });
  }
  if (size > PARTNER_PAGE_SIZE.max) {
    throw new InputError(`first is at most ${PARTNER_PAGE_SIZE.max} (asked: ${size}); page with after: pageInfo.endCursor`, {
      code: 'PAGE_SIZE_TOO_LARGE',
    });
  }
  return size;
}

/** Row keys: integer ids or uuids (import jobs); each kind has a least key, where a watermark cursor starts. */
export type SyncKeyType = 'int' | 'uuid';
const KEY_PATTERN: Record<SyncKeyType, RegExp> = {
  int: /^(0|[1-9][0-9]{0,14})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};
const LEAST_KEY: Record<SyncKeyType, string> = { int: '0', uuid: '00000000-0000-0000-0000-000000000000' };

/** A place in sync order: rows after it have (syncXid, key) greater than it. `syncXid` is an xid8 in decimal. */
export interface SyncPosition {
  syncXid: string;
  key: string;
}

/** The cursor a page was asked for, with the position it stands for. */
export interface SyncAfter {
  cursor: string;
  position: SyncPosition;
}

export function syncCursor(kind: string, position: SyncPosition): string {
  return Buffer.from(`${kind}:${position.syncXid}:${position.key}`).toString('base64url');
}

/** Before every row of a list: where a list without `after` starts. */
export function syncStart(keyType: SyncKeyType): SyncPosition {
  return { syncXid: '0', key: LEAST_KEY[keyType] };
}

/** The cursor a page starts after (null: from the start); a cursor of another list or a forged one is an input error. */
export function syncAfterOf(kind: string, keyType: SyncKeyType, after: string | null | undefined): SyncAfter | null {
  if (after == null) return null;
  const invalid = () => new InputError('Invalid cursor', { code: 'INVALID_CURSOR' });
  const [prefix, syncXid, key, ...rest] = Buffer.from(after, 'base64url').toString('utf8').split(':');
  if (prefix !== kind || rest.length > 0 || !syncXid || !/^(0|[1-9][0-9]{0,19})$/.test(syncXid)) throw invalid();
  if (BigInt(syncXid) >= 2n ** 64n || key === undefined || !KEY_PATTERN[keyType].test(key)) throw invalid();
  return { cursor: after, position: { syncXid, key } };
}

/** `updatedSince`: an ISO 8601 instant with a time zone (or a date, taken as midnight UTC). */
export function updatedSinceOf(value: string | null | undefined): Date | null {
  if (value == null) return null;
  const isoInstant = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
  const parsed = isoInstant.test(value) ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) {
    throw new InputError('updatedSince must be an ISO 8601 instant, e.g. 2026-11-25T12:00:00Z', { code: 'INVALID_UPDATED_SINCE' });
  }
  return parsed;
}

export interface SyncEdge<Node> {
  cursor: string;
  node: Node;
}

export interface SyncPageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/**
 * A page from rows read with one more than `size`, each with its sync position, and the
 * statement's watermark (its snapshot's xmin). On the last page endCursor is the watermark
 * position (or the cursor asked with, should that lie further on), so even an empty page gives a
 * cursor for the next sync.
 */
export function syncPage<Node>(
  kind: string,
  keyType: SyncKeyType,
  rows: ReadonlyArray<{ node: Node; position: SyncPosition }>,
  size: number,
  watermark: string,
  after: SyncAfter | null,
): { edges: SyncEdge<Node>[]; pageInfo: SyncPageInfo } {
  const edges = rows.slice(0, size).map((r) => ({ cursor: syncCursor(kind, r.position), node: r.node }));
  const hasNextPage = rows.length > size;
  const resumeAt =
    after && BigInt(after.position.syncXid) >= BigInt(watermark)
      ? after.cursor
      : syncCursor(kind, { syncXid: watermark, key: LEAST_KEY[keyType] });
  return {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: after !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: hasNextPage ? (edges.at(-1)?.cursor ?? after?.cursor ?? null) : resumeAt,
    },
  };
}
