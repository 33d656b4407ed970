import type { SyncPageRows } from '@ems/db';
import { partnerPageSize, syncAfterOf, syncPage, syncStart, type SyncAfter, type SyncKeyType, type SyncPosition } from '@ems/schema';

/** A partner connection as resolvers return it (edges with nodes, pageInfo). */
export type Connection<Node> = ReturnType<typeof syncPage<Node>>;

/** The page a connection field asks for: its size (capped), and where it starts. */
export interface PageRequest {
  size: number;
  after: SyncAfter | null;
  /** Where reading starts: after the cursor, or before every row. */
  from: SyncPosition;
}

export function pageRequest(kind: string, keyType: SyncKeyType, args: { first?: number | null; after?: string | null }): PageRequest {
  const size = partnerPageSize(args.first);
  const after = syncAfterOf(kind, keyType, args.after);
  return { size, after, from: after?.position ?? syncStart(keyType) };
}

export function connectionOf<Row>(kind: string, keyType: SyncKeyType, request: PageRequest, page: SyncPageRows<Row>): Connection<Row> {
  return syncPage(
    kind,
    keyType,
    page.rows.map((r) => ({ node: r.row, position: r.position })),
    request.size,
    page.watermark,
    request.after,
  );
}

/** Nothing to read (no organisation of the key matches): an empty last page that keeps the partner's cursor. */
export function emptyConnection<Row>(request: PageRequest): Connection<Row> {
  return {
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: request.after !== null, startCursor: null, endCursor: request.after?.cursor ?? null },
  };
}
