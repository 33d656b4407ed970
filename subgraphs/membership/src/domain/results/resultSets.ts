import type { Db } from '../../data/db';
import { lockEventForWrite } from '../../data/participants';
import { bibHolders, participantsByKeys, setBibs } from '../../data/participantKeys';
import { deleteResults, insertResults, insertResultSet, resultSetByName, updateResultSet } from '../../data/resultSetWrites';
import { planNumberChanges } from './numberChanges';
import { calculatePoints, isPointsCalculatorName, type PointsCalculatorName } from './points';
import { rankResults } from './ranking';
import type { NumberChange, NumberChangeResult, ParticipantKeyKind, ParticipantRef, ResultEntry, ResultSetReplacement } from './types';

/**
 * Result sets of events, as the result-set import (E08) writes them through
 * `@ems/membership/events`: set-based, a fixed number of statements per call, in the caller's
 * transaction (docs/decisions.md, "Result-set import").
 */

/**
 * Serialises the writers of one event's participants and results until the caller's transaction
 * ends (the participant import takes the same lock). False when the event does not exist.
 */
export async function lockEvent(db: Db, eventId: number): Promise<boolean> {
  return (await lockEventForWrite(db, eventId)) !== null;
}

const PARTICIPANT_ID = /^\d{1,9}$/;

/**
 * The participants of the event each key names, in one statement: by start number (BIB), by
 * membership's participant id, or by the external id the source system gave the participant. A
 * key naming nobody is absent from the map; an external id given to several participants names
 * them all (the caller decides). Keys are compared exactly; a participant id that is not a whole
 * number names nobody.
 */
export async function resolveParticipants(
  db: Db,
  eventId: number,
  kind: ParticipantKeyKind,
  keys: readonly string[],
): Promise<Map<string, ParticipantRef[]>> {
  const distinct = [...new Set(keys)];
  const bound = kind === 'PARTICIPANT_ID' ? distinct.filter((k) => PARTICIPANT_ID.test(k)).map(Number) : distinct;
  const found = new Map<string, ParticipantRef[]>();
  if (bound.length === 0) return found;
  for (const { key, ...ref } of await participantsByKeys(db, eventId, kind, bound)) {
    const list = found.get(key);
    if (list) list.push(ref);
    else found.set(key, [ref]);
  }
  return found;
}

/**
 * Gives participants new start numbers where they can have them (`planNumberChanges`): three
 * statements for any number of changes. A refused change leaves that participant's number as it
 * was and does not stop the others. Answers in the order of `changes`.
 */
export async function applyNumberChanges(db: Db, eventId: number, changes: readonly NumberChange[]): Promise<NumberChangeResult[]> {
  if (changes.length === 0) return [];
  const plan = planNumberChanges(changes, await bibHolders(db, eventId, [...new Set(changes.map((c) => c.bib))]));
  const applied = new Set(plan.filter((p) => p.applied).map((p) => p.key));
  const written = await setBibs(
    db,
    eventId,
    changes.filter((c) => applied.has(c.key)),
  );
  if (written !== applied.size) throw new Error(`number changes: ${written} of ${applied.size} participants are of event ${eventId}`);
  return plan;
}

const MAX_NAME_LENGTH = 200;

/**
 * Records a result set of the event: the set of this name (case-insensitive) is created, or its
 * results are replaced by these (a corrected file), in a fixed number of statements. Ranks and
 * points are decided here (`rankResults`, the named calculator), so that every way into a result
 * set ranks alike. Results keep the order given (they are listed in that order). Throws on a
 * participant of another event or twice in the set: the caller's transaction then writes nothing.
 */
export async function replaceResultSet(
  db: Db,
  eventId: number,
  set: { name: string; importJobId: string | null; pointsCalculator: PointsCalculatorName },
  entries: readonly ResultEntry[],
): Promise<ResultSetReplacement> {
  const name = set.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) throw new Error(`a result set name has 1 to ${MAX_NAME_LENGTH} characters`);
  if (!isPointsCalculatorName(set.pointsCalculator)) throw new Error(`unknown points calculator ${String(set.pointsCalculator)}`);
  const seen = new Set<number>();
  for (const e of entries) {
    if (seen.has(e.participantId)) throw new Error(`participant ${e.participantId} has two results in the set`);
    seen.add(e.participantId);
  }
  const ranks = rankResults(entries);
  const points = calculatePoints(set.pointsCalculator, entries, ranks);

  if (!(await lockEvent(db, eventId))) throw new Error(`event ${eventId} does not exist`);
  const values = { name, importJobId: set.importJobId, pointsCalculator: set.pointsCalculator };
  const existing = await resultSetByName(db, eventId, name);
  const resultSetId = existing ?? (await insertResultSet(db, { eventId, ...values }));
  let previousResults = 0;
  if (existing !== null) {
    await updateResultSet(db, existing, values);
    previousResults = await deleteResults(db, existing);
  }
  const inserted = await insertResults(db, eventId, resultSetId, {
    participantIds: entries.map((e) => e.participantId),
    ranks,
    statuses: entries.map((e) => e.status),
    timesMs: entries.map((e) => e.timeMs),
    points,
  });
  if (inserted !== entries.length) throw new Error(`${entries.length - inserted} results name participants of another event`);
  return {
    resultSetId,
    replaced: existing !== null,
    previousResults,
    results: inserted,
    finishers: ranks.filter((r) => r !== null).length,
    scored: points.filter((p) => p !== null).length,
  };
}
