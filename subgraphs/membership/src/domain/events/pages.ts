import { InputError } from '@ems/schema';

/**
 * Relay-style pages in id order with opaque cursors (`<kind>:<id>`, base64url), shared by the
 * connections of events (participants, results). A page is read with one row more than it shows,
 * so a further page shows without counting.
 */
export const MAX_PAGE_SIZE = 100;

export interface Edge<Node> {
  cursor: string;
  node: Node;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export function cursorOf(kind: string, id: number): string {
  return Buffer.from(`${kind}:${id}`).toString('base64url');
}

/**
 * The id after which the page starts (0: from the beginning). Up to 15 digits, so the id stays an
 * exact JS number; a forged cursor of another kind or shape is an input error.
 */
export function afterIdOf(kind: string, after: string | null | undefined): number {
  if (after == null) return 0;
  const [prefix, id] = Buffer.from(after, 'base64url').toString('utf8').split(':');
  if (prefix !== kind || id === undefined || !/^[1-9][0-9]{0,14}$/.test(id)) {
    throw new InputError('Invalid cursor', { code: 'INVALID_CURSOR' });
  }
  return Number(id);
}

export function pageSize(first: number | null | undefined): number {
  const size = first ?? 50;
  if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE) {
    throw new InputError(`first must be between 0 and ${MAX_PAGE_SIZE}`, { code: 'INVALID_PAGE_SIZE' });
  }
  return size;
}

/** `rows` were read with one more than `size`. */
export function pageOf<Node extends { id: number }>(
  kind: string,
  rows: readonly Node[],
  size: number,
  afterId: number,
): { edges: Edge<Node>[]; pageInfo: PageInfo } {
  const edges = rows.slice(0, size).map((node) => ({ cursor: cursorOf(kind, node.id), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > size,
      hasPreviousPage: afterId > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
