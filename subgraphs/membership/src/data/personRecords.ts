import { camelCaseRows } from '@ems/db';
import type { MergeCandidateInput, PersonSnapshot } from '../domain/events/types';
import type { Db } from './db';
import { ON_RECORDED_AGAIN, RECORD_CHANGES } from './importChanges';
import { rawSet } from './sqlSets';

export async function personSnapshots(db: Db, registrationSystemId: number, ids: readonly number[]): Promise<PersonSnapshot[]> {
  return camelCaseRows<PersonSnapshot>(
    await rawSet(
      db,
      `SELECT id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, email
         FROM membership.persons WHERE id = ANY(?::int[]) AND registration_system_id = ? ORDER BY id`,
      [ids, registrationSystemId],
    ),
  );
}

export async function externalIdCount(db: Db, registrationSystemId: number, sourceSystemId: number): Promise<number> {
  const [row] = camelCaseRows<{ count: number }>(
    await rawSet(
      db,
      `SELECT count(*)::int AS count FROM membership.person_external_ids WHERE registration_system_id = ? AND source_system_id = ?`,
      [registrationSystemId, sourceSystemId],
    ),
  );
  return row?.count ?? 0;
}

/**
 * Inserts the pairs whose persons both belong to the registration system; a pair already recorded
 * stays as it is. Answers every such pair (new or old) with its id, in one statement: the existing
 * rows are read in the statement's snapshot, which does not see the inserted ones. The pairs it
 * adds for an import job are recorded as created by the job (`membership.import_changes`).
 */
export async function insertMergeCandidates(
  db: Db,
  registrationSystemId: number,
  rows: readonly MergeCandidateInput[],
): Promise<Array<{ id: number; personId: number; candidatePersonId: number }>> {
  return camelCaseRows<{ id: number; personId: number; candidatePersonId: number }>(
    await rawSet(
      db,
      `WITH input AS (
         SELECT DISTINCT ON (s.person_id, s.candidate_person_id) s.*
           FROM unnest(?::int[], ?::int[], ?::real[], ?::text[], ?::uuid[], ?::int[]) AS s(person_id, candidate_person_id, score, reason, import_job_id, key)
           JOIN membership.persons p ON p.id = s.person_id AND p.registration_system_id = ?
           JOIN membership.persons c ON c.id = s.candidate_person_id AND c.registration_system_id = ?
          WHERE s.person_id <> s.candidate_person_id
          ORDER BY s.person_id, s.candidate_person_id, s.score DESC
       ),
       inserted AS (
         INSERT INTO membership.merge_candidates (registration_system_id, person_id, candidate_person_id, score, reason, import_job_id)
         SELECT ?, person_id, candidate_person_id, score, reason, import_job_id FROM input
         ON CONFLICT (person_id, candidate_person_id) DO NOTHING
         RETURNING id, person_id, candidate_person_id, import_job_id, xmin
       ),
       logged AS (
         ${RECORD_CHANGES}
         SELECT i.import_job_id, 'merge_candidates', i.id, '', s.key, NULL, NULL, i.xmin
           FROM inserted i JOIN input s USING (person_id, candidate_person_id) WHERE i.import_job_id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       )
       SELECT id, person_id, candidate_person_id FROM inserted
       UNION ALL
       SELECT m.id, m.person_id, m.candidate_person_id
         FROM membership.merge_candidates m JOIN input i USING (person_id, candidate_person_id)
       ORDER BY id`,
      [
        rows.map((r) => r.personId),
        rows.map((r) => r.candidatePersonId),
        rows.map((r) => r.score),
        rows.map((r) => r.reason),
        rows.map((r) => r.importJobId),
        rows.map((r) => r.key ?? null),
        registrationSystemId,
        registrationSystemId,
        registrationSystemId,
      ],
    ),
  );
}
