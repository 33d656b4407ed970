import { camelCaseRows } from '@ems/db';
import type { MergeCandidateInput, PersonSnapshot } from '../domain/events/types';
import type { Db } from './db';
import { ON_RECORDED_AGAIN, RECORD_CHANGES } from './importChanges';
import { connectedCondition, reachRelation, type OrganisationReach } from './scope';
import { rawSet } from './sqlSets';

/** The personal data of those of `ids` within reach (the others are left out, as if not there). */
export async function personSnapshots(
  db: Db,
  registrationSystemId: number,
  reach: OrganisationReach,
  ids: readonly number[],
): Promise<PersonSnapshot[]> {
  const reachRow = reachRelation(reach);
  return camelCaseRows<PersonSnapshot>(
    await rawSet(
      db,
      `WITH ${reachRow.sql}
       SELECT p.id, p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.email
         FROM membership.persons p CROSS JOIN reach
        WHERE p.id = ANY(?::int[]) AND p.registration_system_id = ? AND ${connectedCondition('p.id')}
        ORDER BY p.id`,
      [...reachRow.bindings, ids, registrationSystemId],
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
