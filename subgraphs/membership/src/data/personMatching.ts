import type { PersonMatchInput } from '../domain/events/types';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/** What the database knows about one row; `domain/events/matching.ts` decides what it means. */
export interface MatchEvidence {
  key: number;
  trustedKeyGiven: boolean;
  /** The person the trusted key names, when it names one of this registration system. */
  trustedPersonId: number | null;
  /** Persons with the same normalised first and last name and the same date of birth (both null counts), lowest id first. */
  exactIds: number[] | null;
  /** Persons born the same day scoring at least `minScore`, best first (only for rows without a trusted or exact match). */
  fuzzy: Array<{ personId: number; score: number }> | null;
}

/**
 * One statement for the whole batch. Trusted keys join by primary key. Rows with a date of birth
 * block on it (persons_match_birth: registration system, date of birth, a handful of persons a
 * day): the same pass finds exact name matches and scores the others; rows without one match
 * exactly on persons_match_name (registration system, normalised names, no date of birth). The
 * fuzzy score is the Levenshtein ratio of the normalised full names, the better of "first last"
 * against "first last" and against "last first" (swapped columns); `levenshtein_less_equal`
 * stops as soon as the ratio would fall below `minScore`. (pg_trgm's similarity scored the
 * same pairs about equally but cost three times as much per pair.)
 */
export async function gatherMatchEvidence(
  db: Db,
  registrationSystemId: number,
  rows: readonly PersonMatchInput[],
  minScore: number,
): Promise<MatchEvidence[]> {
  const result = await rawSet(
    db,
    `WITH input AS MATERIALIZED (
       SELECT i.key, i.trusted_person_id, i.source_system_id, i.trusted_external_id, i.date_of_birth,
              membership.normalise_name(i.first_name) AS nf, membership.normalise_name(i.last_name) AS nl
         FROM unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::date[])
              AS i(key, trusted_person_id, source_system_id, trusted_external_id, first_name, last_name, date_of_birth)
     ),
     trusted AS MATERIALIZED (
       SELECT i.key, coalesce(p.id, e.person_id) AS person_id
         FROM input i
         LEFT JOIN membership.persons p
           ON p.id = i.trusted_person_id AND p.registration_system_id = ?
         LEFT JOIN membership.person_external_ids e
           ON e.registration_system_id = ? AND e.source_system_id = i.source_system_id AND e.external_id = i.trusted_external_id
        WHERE i.trusted_person_id IS NOT NULL OR (i.source_system_id IS NOT NULL AND i.trusted_external_id IS NOT NULL)
     ),
     untrusted AS MATERIALIZED (
       SELECT i.key, i.date_of_birth, i.nf, i.nl, i.nf || ' ' || i.nl AS full_name, i.nl || ' ' || i.nf AS swapped_name
         FROM input i
        WHERE NOT EXISTS (SELECT 1 FROM trusted t WHERE t.key = i.key AND t.person_id IS NOT NULL)
     ),
     born AS MATERIALIZED (
       SELECT u.key, u.full_name, u.swapped_name, p.id,
              p.norm_first_name = u.nf AND p.norm_last_name = u.nl AS exact,
              p.norm_first_name || ' ' || p.norm_last_name AS person_name
         FROM untrusted u
         JOIN membership.persons p ON p.registration_system_id = ? AND p.date_of_birth = u.date_of_birth
     ),
     exact AS (
       SELECT key, array_agg(id ORDER BY id) AS ids FROM born WHERE exact GROUP BY key
       UNION ALL
       SELECT u.key, array_agg(p.id ORDER BY p.id)
         FROM untrusted u
         JOIN membership.persons p
           ON p.registration_system_id = ? AND p.norm_last_name = u.nl AND p.norm_first_name = u.nf AND p.date_of_birth IS NULL
        WHERE u.date_of_birth IS NULL
        GROUP BY u.key
     ),
     scored AS (
       SELECT b.key, b.id, 1 - least(
                levenshtein_less_equal(left(b.full_name, 255), left(b.person_name, 255), s.max_distance),
                levenshtein_less_equal(left(b.swapped_name, 255), left(b.person_name, 255), s.max_distance)
              )::real / s.longest AS score
         FROM born b
         CROSS JOIN LATERAL (
           SELECT greatest(length(left(b.full_name, 255)), length(left(b.person_name, 255)), 1) AS longest,
                  floor((1 - ?::real) * greatest(length(left(b.full_name, 255)), length(left(b.person_name, 255)), 1))::int AS max_distance
         ) s
        WHERE NOT EXISTS (SELECT 1 FROM born x WHERE x.key = b.key AND x.exact)
     ),
     fuzzy AS (
       SELECT key, json_agg(json_build_object('personId', id, 'score', round(score::numeric, 4)) ORDER BY score DESC, id) AS candidates
         FROM scored
        WHERE score >= ?
        GROUP BY key
     )
     SELECT i.key, t.key IS NOT NULL AS trusted_key_given, t.person_id AS trusted_person_id, x.ids AS exact_ids, f.candidates AS fuzzy
       FROM input i
       LEFT JOIN trusted t ON t.key = i.key
       LEFT JOIN exact x ON x.key = i.key
       LEFT JOIN fuzzy f ON f.key = i.key`,
    [
      rows.map((r) => r.key),
      rows.map((r) => r.trustedPersonId),
      rows.map((r) => r.sourceSystemId),
      rows.map((r) => r.trustedExternalId),
      rows.map((r) => r.firstName),
      rows.map((r) => r.lastName),
      rows.map((r) => r.dateOfBirth),
      registrationSystemId,
      registrationSystemId,
      registrationSystemId,
      registrationSystemId,
      minScore,
      minScore,
    ],
  );
  // json_build_object keys are not column names: keep them as written.
  return (result as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    key: r.key as number,
    trustedKeyGiven: r.trusted_key_given as boolean,
    trustedPersonId: r.trusted_person_id as number | null,
    exactIds: r.exact_ids as number[] | null,
    fuzzy:
      (r.fuzzy as Array<{ personId: number; score: number | string }> | null)?.map((c) => ({
        personId: c.personId,
        score: Number(c.score),
      })) ?? null,
  }));
}
