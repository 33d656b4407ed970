import { camelCaseRows, readSyncPage, type SyncPageRows } from '@ems/db';
import type { SyncPosition } from '@ems/schema';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/** Events and participants as a partner reads them (docs/partner-api.md); one statement per page or batch. */

export interface PartnerEventRow {
  id: number;
  organisationId: number;
  name: string;
  /** YYYY-MM-DD. */
  startsOn: string | null;
  custom1Label: string | null;
  custom2Label: string | null;
  custom3Label: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EventFilter {
  organisationIds: readonly number[];
  /** YYYY-MM-DD: events starting that day or later (events without a date are left out). */
  startsOnOrAfter: string | null;
  updatedSince: Date | null;
}

const EVENT_COLUMNS = `t.id, t.organisation_id, t.name, to_char(t.starts_on, 'YYYY-MM-DD') AS starts_on,
  t.custom1_label, t.custom2_label, t.custom3_label, t.created_at, t.updated_at`;

export async function eventPage(db: Db, filter: EventFilter, after: SyncPosition, limit: number): Promise<SyncPageRows<PartnerEventRow>> {
  return readSyncPage<PartnerEventRow>(db, {
    from: 'membership.events t',
    columns: EVENT_COLUMNS,
    where: [
      { sql: 't.organisation_id = ANY(?::int[])', bindings: [filter.organisationIds] },
      ...(filter.startsOnOrAfter !== null ? [{ sql: 't.starts_on >= ?::date', bindings: [filter.startsOnOrAfter] }] : []),
      ...(filter.updatedSince ? [{ sql: 't.updated_at >= ?', bindings: [filter.updatedSince] }] : []),
    ],
    keyType: 'int',
    after,
    limit,
  });
}

/** The events among `ids` of the organisations (others are not there for this partner). */
export async function partnerEventsByIds(db: Db, organisationIds: readonly number[], ids: readonly number[]): Promise<PartnerEventRow[]> {
  return camelCaseRows<PartnerEventRow>(
    await rawSet(db, `SELECT ${EVENT_COLUMNS} FROM membership.events t WHERE t.id = ANY(?::int[]) AND t.organisation_id = ANY(?::int[])`, [
      ids,
      organisationIds,
    ]),
  );
}

export interface PartnerParticipantRow {
  id: number;
  eventId: number;
  personId: number;
  bib: string | null;
  categoryId: number | null;
  externalId: string | null;
  custom1: string | null;
  custom2: string | null;
  custom3: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const PARTICIPANT_COLUMNS = `t.id, t.event_id, t.person_id, t.bib, t.category_id, t.external_id, t.custom1, t.custom2, t.custom3,
  t.created_at, t.updated_at`;

export interface ParticipantPageRequest {
  /** An event the partner may read (the caller checked). */
  eventId: number;
  after: SyncPosition;
  limit: number;
  updatedSince: Date | null;
}

/**
 * A page of each event's participants in sync order, all in one statement under one watermark;
 * each row carries the index of the request it answers.
 */
export async function participantSyncPages(
  db: Db,
  requests: readonly ParticipantPageRequest[],
): Promise<{ watermark: string; rows: Array<{ requestIndex: number; row: PartnerParticipantRow; position: SyncPosition }> }> {
  const rows = camelCaseRows<
    PartnerParticipantRow & { syncWatermark: string; requestIndex: number; syncPositionXid: string | null; syncPositionKey: string }
  >(
    await rawSet(
      db,
      `SELECT w.watermark::text AS sync_watermark, q.idx::int - 1 AS request_index, r.*
         FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS watermark) w
        CROSS JOIN unnest(?::int[], ?::xid8[], ?::bigint[], ?::timestamptz[], ?::int[])
                   WITH ORDINALITY AS q(event_id, after_xid, after_key, since, lim, idx)
         LEFT JOIN LATERAL (
           SELECT t.sync_xid::text AS sync_position_xid, t.id::text AS sync_position_key, ${PARTICIPANT_COLUMNS}
             FROM membership.participants t
            WHERE t.event_id = q.event_id AND t.sync_xid < w.watermark AND (t.sync_xid, t.id) > (q.after_xid, q.after_key)
              AND (q.since IS NULL OR t.updated_at >= q.since)
            ORDER BY t.sync_xid, t.id
            LIMIT q.lim
         ) r ON true
        ORDER BY q.idx, r.sync_position_xid::xid8, r.id`,
      [
        requests.map((r) => r.eventId),
        requests.map((r) => r.after.syncXid),
        requests.map((r) => r.after.key),
        requests.map((r) => r.updatedSince),
        requests.map((r) => r.limit),
      ],
    ),
  );
  return {
    watermark: rows[0]?.syncWatermark ?? '0',
    rows: rows
      .filter((r) => r.syncPositionXid !== null)
      .map(({ syncWatermark: _w, requestIndex, syncPositionXid, syncPositionKey, ...row }) => ({
        requestIndex,
        row,
        position: { syncXid: syncPositionXid as string, key: syncPositionKey },
      })),
  };
}

/** The participants among `ids` whose event belongs to one of the organisations. */
export async function partnerParticipantsByIds(
  db: Db,
  organisationIds: readonly number[],
  ids: readonly number[],
): Promise<PartnerParticipantRow[]> {
  return camelCaseRows<PartnerParticipantRow>(
    await rawSet(
      db,
      `SELECT ${PARTICIPANT_COLUMNS} FROM membership.participants t JOIN membership.events e ON e.id = t.event_id
        WHERE t.id = ANY(?::int[]) AND e.organisation_id = ANY(?::int[])`,
      [ids, organisationIds],
    ),
  );
}
