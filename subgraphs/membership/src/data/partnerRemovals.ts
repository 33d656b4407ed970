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
      // A person removed and a member of the organisation again is in the members list, after the
      // removal or not (each list has its own watermark): the removal is not shown, so a partner
      // reading the lists in any order never drops a member. A scalar subquery, so that it stays a
      // probe per removal read (membershipCondition in partnerMembers.ts says why).
      {
        sql: `NOT (t.kind = 'MEMBER' AND (SELECT EXISTS (
                SELECT 1 FROM membership.memberships m JOIN membership.membership_periods p ON p.id = m.period_id
                 WHERE m.person_id = t.record_id AND p.organisation_id = t.organisation_id)))`,
      },
      ...(filter.removedSince ? [{ sql: 't.removed_at >= ?', bindings: [filter.removedSince] }] : []),
    ],
    keyType: 'int',
    after,
    limit,
  });
}
