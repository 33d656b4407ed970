import { camelCaseRows } from '@ems/db';
import type { Db } from './db';
import { referencesTo } from './importUndo';
import { rawSet } from './sqlSets';

export type MergeCandidateStatus = 'OPEN' | 'MERGED' | 'DISMISSED';

export interface MergeCandidateRow {
  id: number;
  registrationSystemId: number;
  personId: number;
  candidatePersonId: number;
  score: number;
  reason: string;
  status: MergeCandidateStatus;
  importJobId: string | null;
  createdAt: Date;
}

/** The tenant's merge candidates in a status, newest first (at most `limit`). */
export async function mergeCandidatesOfTenant(
  db: Db,
  registrationSystemId: number,
  status: MergeCandidateStatus,
  limit: number,
): Promise<MergeCandidateRow[]> {
  return db('membership.mergeCandidates').where({ registrationSystemId, status }).orderBy('id', 'desc').limit(limit).select('*');
}

/** One candidate of the tenant, locked for the decision (another operator waits, then sees it decided). */
export async function lockMergeCandidate(db: Db, registrationSystemId: number, id: number): Promise<MergeCandidateRow | null> {
  const row = await db('membership.mergeCandidates').where({ id, registrationSystemId }).forUpdate().first('*');
  return (row as MergeCandidateRow | undefined) ?? null;
}

export async function setMergeCandidateStatus(db: Db, id: number, status: MergeCandidateStatus): Promise<void> {
  await db('membership.mergeCandidates').where({ id }).update({ status });
}

/** One side of a candidate as the side-by-side view shows it: the person and how much hangs on them. */
export interface PersonSideRow {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  createdAt: Date;
  memberships: number;
  orders: number;
  participations: number;
  userKeys: string[];
}

export async function personSides(db: Db, personIds: readonly number[]): Promise<PersonSideRow[]> {
  if (personIds.length === 0) return [];
  return camelCaseRows<PersonSideRow>(
    await rawSet(
      db,
      `SELECT p.id, p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.email, p.created_at,
              (SELECT count(*)::int FROM membership.memberships m WHERE m.person_id = p.id) AS memberships,
              (SELECT count(DISTINCT ol.order_id)::int FROM membership.order_lines ol WHERE ol.person_id = p.id) AS orders,
              (SELECT count(*)::int FROM membership.participants pa WHERE pa.person_id = p.id) AS participations,
              ARRAY(SELECT a.external_user_id FROM membership.linked_persons l JOIN membership.accounts a ON a.id = l.account_id
                     WHERE l.person_id = p.id ORDER BY a.id) AS user_keys
         FROM membership.persons p WHERE p.id = ANY(?::int[])`,
      [personIds],
    ),
  );
}

/**
 * Moves everything that refers to person `dropId` to person `keepId`, set-based: one UPDATE per
 * referring table, the tables read from the catalog (as the import undo does), so a table added
 * later is moved without anyone remembering the merge. Before that: the candidates between the
 * two are deleted (the merge decides them; the audit log keeps the decision), the dropped
 * person's candidates that the kept one already has are deleted, and a household link the kept
 * person already has to the same account is dropped. Another collision (both members in one
 * period, both in one event) fails with PostgreSQL's unique violation: the caller's transaction
 * rolls back and nothing is half-merged.
 */
export async function movePersonReferences(db: Db, dropId: number, keepId: number): Promise<void> {
  await rawSet(
    db,
    `DELETE FROM membership.merge_candidates
      WHERE (person_id = ? AND candidate_person_id = ?) OR (person_id = ? AND candidate_person_id = ?)`,
    [dropId, keepId, keepId, dropId],
  );
  await rawSet(
    db,
    `DELETE FROM membership.merge_candidates d
      WHERE (d.person_id = ? AND EXISTS (SELECT 1 FROM membership.merge_candidates k
                                          WHERE k.person_id = ? AND k.candidate_person_id = d.candidate_person_id))
         OR (d.candidate_person_id = ? AND EXISTS (SELECT 1 FROM membership.merge_candidates k
                                          WHERE k.candidate_person_id = ? AND k.person_id = d.person_id))`,
    [dropId, keepId, dropId, keepId],
  );
  await rawSet(
    db,
    `DELETE FROM membership.linked_persons d
      WHERE d.person_id = ? AND EXISTS (SELECT 1 FROM membership.linked_persons k WHERE k.person_id = ? AND k.account_id = d.account_id)`,
    [dropId, keepId],
  );
  for (const ref of await referencesTo(db, 'persons')) {
    await db.raw(`UPDATE ${ref.qualifiedTable} SET ${ref.column} = ? WHERE ${ref.column} = ?`, [keepId, dropId]);
  }
}

/** The kept person's empty fields take the dropped person's values; then the dropped person is deleted. */
export async function absorbPerson(db: Db, dropId: number, keepId: number): Promise<void> {
  await rawSet(
    db,
    `UPDATE membership.persons k
        SET date_of_birth = COALESCE(k.date_of_birth, d.date_of_birth), email = COALESCE(k.email, d.email), updated_at = now()
       FROM membership.persons d
      WHERE k.id = ? AND d.id = ?`,
    [keepId, dropId],
  );
  await db('membership.persons').where({ id: dropId }).delete();
}
