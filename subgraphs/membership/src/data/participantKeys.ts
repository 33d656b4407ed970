import { camelCaseRows } from '@ems/db';
import type { ParticipantKeyKind, ParticipantRef } from '../domain/results/types';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/**
 * Participants of one event found by the keys a result file gives them, and their start numbers
 * changed: each function one statement for any number of keys (arrays through `unnest`).
 */

/** The join condition of each key kind; every one is an index probe per key. */
const KEY_JOIN: Record<ParticipantKeyKind, { keys: string; on: string }> = {
  // participants_bib (event_id, bib)
  BIB: { keys: '?::text[]', on: 'p.event_id = ? AND p.bib = k.key' },
  // the primary key, then the event checked
  PARTICIPANT_ID: { keys: '?::int[]', on: 'p.id = k.key AND p.event_id = ?' },
  // participants_external_id (event_id, external_id)
  EXTERNAL_ID: { keys: '?::text[]', on: 'p.event_id = ? AND p.external_id = k.key' },
};

/** Every participant of the event each key names (several for an external id given twice), by key. */
export async function participantsByKeys(
  db: Db,
  eventId: number,
  kind: ParticipantKeyKind,
  keys: readonly string[] | readonly number[],
): Promise<Array<ParticipantRef & { key: string }>> {
  const join = KEY_JOIN[kind];
  return camelCaseRows<ParticipantRef & { key: string }>(
    await rawSet(
      db,
      `SELECT k.key::text AS key, p.id AS participant_id, p.person_id, p.bib
         FROM unnest(${join.keys}) AS k(key)
         JOIN membership.participants p ON ${join.on}`,
      [keys, eventId],
    ),
  );
}

/** Which participant of the event holds each of these bibs now. */
export async function bibHolders(db: Db, eventId: number, bibs: readonly string[]): Promise<Map<string, number>> {
  const rows = camelCaseRows<{ bib: string; id: number }>(
    await rawSet(db, `SELECT bib, id FROM membership.participants WHERE event_id = ? AND bib = ANY(?::text[])`, [eventId, bibs]),
  );
  return new Map(rows.map((r) => [r.bib, r.id]));
}

/**
 * Gives participants of the event their new bibs. Two statements: the bibs are cleared first, so
 * that numbers swapped between participants never meet the unique index (event_id, bib) twice.
 * Answers how many participants changed.
 */
export async function setBibs(db: Db, eventId: number, changes: ReadonlyArray<{ participantId: number; bib: string }>): Promise<number> {
  if (changes.length === 0) return 0;
  const ids = changes.map((c) => c.participantId);
  await rawSet(db, `UPDATE membership.participants p SET bib = NULL FROM unnest(?::int[]) AS u(id) WHERE p.id = u.id AND p.event_id = ?`, [
    ids,
    eventId,
  ]);
  const result = (await rawSet(
    db,
    `UPDATE membership.participants p SET bib = u.bib, updated_at = now()
       FROM unnest(?::int[], ?::text[]) AS u(id, bib)
      WHERE p.id = u.id AND p.event_id = ?`,
    [ids, changes.map((c) => c.bib), eventId],
  )) as unknown as { rowCount: number };
  return result.rowCount;
}
