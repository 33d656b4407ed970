import { camelCaseRows } from '@ems/db';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/** Result sets of events and their results (one statement for any number of events, sets or pages). */

export interface ResultSetRow {
  id: number;
  eventId: number;
  name: string;
  createdAt: Date;
}

export interface ResultRow {
  id: number;
  resultSetId: number;
  participantId: number;
  rank: number | null;
  /** FINISHED, DNF, DNS or DSQ. */
  status: string;
  timeMs: number | null;
  points: number | null;
}

/** Each event's result sets, oldest first. */
export async function resultSetsOfEvents(db: Db, eventIds: readonly number[]): Promise<ResultSetRow[]> {
  return camelCaseRows<ResultSetRow>(
    await rawSet(
      db,
      `SELECT id, event_id, name, created_at FROM membership.result_sets WHERE event_id = ANY(?::int[]) ORDER BY created_at, id`,
      [eventIds],
    ),
  );
}

/** A page of each result set's results in id order after a cursor, tagged with its request's index: one statement for all pages. */
export async function resultPages(
  db: Db,
  requests: ReadonlyArray<{ resultSetId: number; afterId: number; limit: number }>,
): Promise<Array<ResultRow & { requestIndex: number }>> {
  const rows = camelCaseRows<Omit<ResultRow, 'id'> & { id: string; requestIndex: number }>(
    await rawSet(
      db,
      // `points` is numeric (exact as stored); GraphQL's Float is a double anyway.
      `SELECT r.idx::int - 1 AS request_index, x.id, x.result_set_id, x.participant_id, x.rank, x.status, x.time_ms,
              x.points::float8 AS points
         FROM unnest(?::int[], ?::bigint[], ?::int[]) WITH ORDINALITY AS r(result_set_id, after_id, lim, idx)
         CROSS JOIN LATERAL (
           SELECT * FROM membership.results t WHERE t.result_set_id = r.result_set_id AND t.id > r.after_id ORDER BY t.id LIMIT r.lim
         ) x
        ORDER BY r.idx, x.id`,
      [requests.map((r) => r.resultSetId), requests.map((r) => r.afterId), requests.map((r) => r.limit)],
    ),
  );
  // A bigint arrives as text; result ids stay far below 2^53.
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function resultCounts(db: Db, resultSetIds: readonly number[]): Promise<Map<number, number>> {
  const rows = camelCaseRows<{ resultSetId: number; count: number }>(
    await rawSet(
      db,
      `SELECT result_set_id, count(*)::int AS count FROM membership.results WHERE result_set_id = ANY(?::int[]) GROUP BY result_set_id`,
      [resultSetIds],
    ),
  );
  return new Map(rows.map((r) => [r.resultSetId, r.count]));
}
