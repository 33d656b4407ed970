import { camelCaseRows } from '@ems/db';
import type { ResultStatus } from '../domain/results/types';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/** Writing a result set: find or create it by name, then replace its results (a fixed number of statements). */

/** The event's result set of this name (compared case-insensitively), locked for the caller's transaction. */
export async function resultSetByName(db: Db, eventId: number, name: string): Promise<number | null> {
  const [row] = camelCaseRows<{ id: number }>(
    await rawSet(db, `SELECT id FROM membership.result_sets WHERE event_id = ? AND lower(name) = lower(?) FOR UPDATE`, [eventId, name]),
  );
  return row?.id ?? null;
}

export async function insertResultSet(
  db: Db,
  set: { eventId: number; name: string; importJobId: string | null; pointsCalculator: string },
): Promise<number> {
  const [row] = camelCaseRows<{ id: number }>(
    await rawSet(
      db,
      `INSERT INTO membership.result_sets (event_id, name, import_job_id, points_calculator) VALUES (?, ?, ?, ?) RETURNING id`,
      [set.eventId, set.name, set.importJobId, set.pointsCalculator],
    ),
  );
  return (row as { id: number }).id;
}

/** A replaced set takes the new file's spelling of its name, its import job and its calculator. */
export async function updateResultSet(
  db: Db,
  id: number,
  set: { name: string; importJobId: string | null; pointsCalculator: string },
): Promise<void> {
  await rawSet(
    db,
    `UPDATE membership.result_sets SET name = ?, import_job_id = ?, points_calculator = ?, updated_at = now() WHERE id = ?`,
    [set.name, set.importJobId, set.pointsCalculator, id],
  );
}

/** Removes a set's results; answers how many it held. */
export async function deleteResults(db: Db, resultSetId: number): Promise<number> {
  const result = (await rawSet(db, `DELETE FROM membership.results WHERE result_set_id = ?`, [resultSetId])) as unknown as {
    rowCount: number;
  };
  return result.rowCount;
}

/** A set's results as columns, index by index (a 200,000-result set binds five arrays, not 200,000 objects). */
export interface ResultColumns {
  participantIds: readonly number[];
  ranks: ReadonlyArray<number | null>;
  statuses: readonly ResultStatus[];
  timesMs: ReadonlyArray<number | null>;
  points: ReadonlyArray<number | null>;
}

/**
 * Inserts the results in the given order (ids follow it: results are listed in the order they
 * were recorded), only for participants of the event; answers how many were inserted, so that
 * the caller can tell a participant of another event (fewer) from none.
 */
export async function insertResults(db: Db, eventId: number, resultSetId: number, columns: ResultColumns): Promise<number> {
  if (columns.participantIds.length === 0) return 0;
  const result = (await rawSet(
    db,
    `INSERT INTO membership.results (result_set_id, participant_id, rank, status, time_ms, points)
     SELECT ?, u.participant_id, u.rank, u.status, u.time_ms, u.points
       FROM unnest(?::int[], ?::int[], ?::text[], ?::int[], ?::numeric[]) WITH ORDINALITY AS u(participant_id, rank, status, time_ms, points, ord)
       JOIN membership.participants p ON p.id = u.participant_id AND p.event_id = ?
      ORDER BY u.ord`,
    [resultSetId, columns.participantIds, columns.ranks, columns.statuses, columns.timesMs, columns.points, eventId],
  )) as unknown as { rowCount: number };
  return result.rowCount;
}
