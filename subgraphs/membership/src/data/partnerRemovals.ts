import { readSyncPage, type SyncPageRows } from '@ems/db';
import type { SyncPosition } from '@ems/schema';
import type { Db } from './db';

/** What left a partner's lists (migration 20261126160000): a member of an organisation, an order, a participant. */
export type RemovalKind = 'MEMBER' | 'ORDER' | 'PARTICIPANT';

export interface PartnerRemovalRow {
  id: number;
  kind: RemovalKind;
  /** The member's (person's), order's or participant's id, as the lists named it. */
  recordId: number;
  organisationId: number;
  /** PARTICIPANT: the participant's event. */
  eventId: number | null;
  removedAt: Date;
}

export interface RemovalFilter {
  organisationIds: readonly number[];
  kinds: readonly RemovalKind[];
  removedSince: Date | null;
}

export async function removalPage(
  db: Db,
  filter: RemovalFilter,
  after: SyncPosition,
  limit: number,
): Promise<SyncPageRows<PartnerRemovalRow>> {
  return readSyncPage<PartnerRemovalRow>(db, {
    from: 'membership.partner_removals t',
    columns: 't.id, t.kind, t.record_id, t.organisation_id, t.event_id, t.removed_at',
    where: [
      { sql: 't.organisation_id = ANY(?::int[])', bindings: [filter.organisationIds] },
      { sql: 't.kind = ANY(?::text[])', bindings: [filter.kinds] },
      ...(filter.removedSince ? [{ sql: 't.removed_at >= ?', bindings: [filter.removedSince] }] : []),
    ],
    keyType: 'int',
    after,
    limit,
  });
}
