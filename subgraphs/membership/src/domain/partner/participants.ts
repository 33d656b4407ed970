import DataLoader from 'dataloader';
import type { SyncPageRows } from '@ems/db';
import type { Db } from '../../data/db';
import { participantSyncPages, type ParticipantPageRequest, type PartnerParticipantRow } from '../../data/partnerEvents';

/** Pages of several events' participants asked in one tick: one statement, one watermark. */
export type ParticipantPageLoader = DataLoader<ParticipantPageRequest, SyncPageRows<PartnerParticipantRow>, string>;

export function participantPageLoader(db: Db): ParticipantPageLoader {
  return new DataLoader(
    async (requests) => {
      const { watermark, rows } = await participantSyncPages(db, requests);
      return requests.map((_, i) => ({
        watermark,
        rows: rows.filter((r) => r.requestIndex === i).map(({ row, position }) => ({ row, position })),
      }));
    },
    {
      cacheKeyFn: (r) => `${r.eventId}:${r.after.syncXid}:${r.after.key}:${r.limit}:${r.updatedSince?.toISOString() ?? ''}`,
    },
  );
}
