import type { PersonMatchInput } from '../domain/events/types';
import type { Db } from './db';
import { connectedCondition, reachRelation, type OrganisationReach } from './scope';
import { rawSet } from './sqlSets';

/** What the database knows about one row; `domain/events/matching.ts` decides what it means. */
export interface MatchEvidence {
  key: number;
  trustedKeyGiven: boolean;
  /** The person the trusted key names, when it names one within reach. */
  trustedPersonId: number | null;
  /** Persons within reach with the same normalised first and last name and the same date of birth (both null counts), lowest id first. */
  exactIds: number[] | null;
  /** The same for persons out of reach (another organisation's): never a match, only a merge candidate. */
  exactOutOfReachIds: number[] | null;
  /** Persons born the same day scoring at least `minScore`, best first (only for rows without a trusted or exact match within reach). */
  fuzzy: Array<{ personId: number; score: number; inReach: boolean }> | null;
}

/**
 * One statement for the whole batch, driven from the input rows: the batch (thousands of rows) is
 * the small side, the registration system's persons (hundreds of thousands) the large one. Every
 * lookup is a probe of an index per input row (correlated subqueries for trusted keys, LATERAL
 * aggregates for exact and fuzzy), never a join the planner could turn into a scan and hash of
 * all persons or external ids: it did so for the date of birth (all 200,000 persons hashed for
 * 5,000 rows), and for external ids whenever their statistics were stale. Each step carries the
 * rows it leaves open on to the next, and the answer is the UNION ALL of the rows each step
 * settles: no step joins two batch-sized sets by key, whose result the planner cannot estimate
 * (it guessed millions of rows, which priced the statement past `jit_above_cost`, and JIT
 * compilation then took 30-50 ms, more than running it).
 *
 * - Reach (docs/decisions.md, "Organisation boundary in imports"): a person counts as found only
 *   when connected to the importing organisation before the job started (or created by the job);
 *   `connectedCondition` is probed for the few persons each step finds, never used to enumerate
 *   an organisation's persons. A trusted key naming someone out of reach names nobody; exact and
 *   fuzzy hits out of reach are reported apart, as merge candidates only.
 * - Trusted keys: primary keys; names are normalised once per row.
 * - Exact: persons_match_name (registration system, normalised last and first name, date of
 *   birth); rows without a date of birth match persons without one.
 * - Fuzzy, only for rows with a date of birth and no exact match: the persons born that day whose
 *   first or last name has the phonetic key (dmetaphone of the normalised name) of either input
 *   name (persons_match_birth_first UNION persons_match_birth_last; either, so swapped columns
 *   still meet), scored by the Levenshtein ratio of the normalised full
 *   names, the better of "first last" against "first last" and against "last first" (swapped
 *   columns). `levenshtein_less_equal` gives up as soon as the ratio would fall below `minScore`
 *   (at once when the lengths alone say so). pg_trgm's similarity scored the same pairs about
 *   equally but cost three times as much.
 */
export async function gatherMatchEvidence(
  db: Db,
  registrationSystemId: number,
  reach: OrganisationReach,
  rows: readonly PersonMatchInput[],
  minScore: number,
): Promise<MatchEvidence[]> {
  const reachRow = reachRelation(reach);
  const result = await rawSet(
    db,
    `WITH ${reachRow.sql},
     input AS MATERIALIZED (
       SELECT i.key, i.date_of_birth,
              membership.normalise_name(i.first_name) AS nf, membership.normalise_name(i.last_name) AS nl,
              i.trusted_person_id IS NOT NULL OR (i.source_system_id IS NOT NULL AND i.trusted_external_id IS NOT NULL) AS trusted_key_given,
              coalesce(
                (SELECT p.id FROM membership.persons p
                  WHERE p.id = i.trusted_person_id AND p.registration_system_id = ? AND ${connectedCondition('p.id')}),
                (SELECT e.person_id FROM membership.person_external_ids e
                  WHERE e.registration_system_id = ? AND e.source_system_id = i.source_system_id AND e.external_id = i.trusted_external_id
                    AND ${connectedCondition('e.person_id')})
              ) AS trusted_person_id
         FROM unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::date[])
              AS i(key, trusted_person_id, source_system_id, trusted_external_id, first_name, last_name, date_of_birth)
         CROSS JOIN reach
     ),
     exact AS MATERIALIZED (
       SELECT i.key, i.date_of_birth, i.nf, i.nl, public.dmetaphone(i.nf) AS fk, public.dmetaphone(i.nl) AS lk, i.trusted_key_given,
              x.ids, x.out_of_reach_ids
         FROM input i
         CROSS JOIN reach
         CROSS JOIN LATERAL (
           SELECT array_agg(h.id ORDER BY h.id) FILTER (WHERE h.in_reach) AS ids,
                  array_agg(h.id ORDER BY h.id) FILTER (WHERE NOT h.in_reach) AS out_of_reach_ids
             FROM (
           SELECT m.id, ${connectedCondition('m.id')} AS in_reach
             FROM (
             -- Two branches so that the date of birth stays an index condition (IS NOT DISTINCT FROM is not one).
               SELECT p.id FROM membership.persons p
                WHERE p.registration_system_id = ? AND p.norm_last_name = i.nl AND p.norm_first_name = i.nf
                  AND p.date_of_birth = i.date_of_birth
               UNION ALL
               SELECT p.id FROM membership.persons p
                WHERE i.date_of_birth IS NULL
                  AND p.registration_system_id = ? AND p.norm_last_name = i.nl AND p.norm_first_name = i.nf
                  AND p.date_of_birth IS NULL
             ) m
             ) h
         ) x
        WHERE i.trusted_person_id IS NULL
     )
     SELECT key, trusted_key_given, trusted_person_id, NULL::int[] AS exact_ids, NULL::int[] AS exact_out_of_reach_ids, NULL::json AS fuzzy
       FROM input
      WHERE trusted_person_id IS NOT NULL
     UNION ALL
     SELECT key, trusted_key_given, NULL, ids, out_of_reach_ids, NULL
       FROM exact
      WHERE ids IS NOT NULL OR date_of_birth IS NULL
     UNION ALL
     SELECT x.key, x.trusted_key_given, NULL, NULL, x.out_of_reach_ids, f.candidates
       FROM exact x
       CROSS JOIN reach
       CROSS JOIN LATERAL (SELECT left(x.nf || ' ' || x.nl, 255) AS full_name, left(x.nl || ' ' || x.nf, 255) AS swapped_name) n
       CROSS JOIN LATERAL (
         SELECT json_agg(json_build_object('personId', s.id, 'score', round(s.score::numeric, 4), 'inReach', ${connectedCondition('s.id')})
                         ORDER BY s.score DESC, s.id)
                AS candidates
           FROM (
             SELECT p.id, 1 - least(
                      levenshtein_less_equal(n.full_name, b.person_name, b.max_distance),
                      levenshtein_less_equal(n.swapped_name, b.person_name, b.max_distance)
                    )::real / b.longest AS score
               FROM membership.persons p
               CROSS JOIN LATERAL (SELECT left(p.norm_first_name || ' ' || p.norm_last_name, 255) AS person_name) pn
               CROSS JOIN LATERAL (
                 SELECT pn.person_name, greatest(length(n.full_name), length(pn.person_name), 1) AS longest,
                        floor((1 - ?::real) * greatest(length(n.full_name), length(pn.person_name), 1))::int AS max_distance
               ) b
              WHERE p.id IN (
                      -- Either key against either column, so that swapped names still meet.
                      SELECT q.id FROM membership.persons q
                       WHERE q.registration_system_id = ? AND q.date_of_birth = x.date_of_birth
                         AND q.first_name_key = ANY (ARRAY[x.fk, x.lk])
                      UNION
                      SELECT q.id FROM membership.persons q
                       WHERE q.registration_system_id = ? AND q.date_of_birth = x.date_of_birth
                         AND q.last_name_key = ANY (ARRAY[x.fk, x.lk])
                    )
           ) s
          WHERE s.score >= ?
       ) f
      WHERE x.ids IS NULL AND x.date_of_birth IS NOT NULL`,
    [
      ...reachRow.bindings,
      registrationSystemId,
      registrationSystemId,
      rows.map((r) => r.key),
      rows.map((r) => r.trustedPersonId),
      rows.map((r) => r.sourceSystemId),
      rows.map((r) => r.trustedExternalId),
      rows.map((r) => r.firstName),
      rows.map((r) => r.lastName),
      rows.map((r) => r.dateOfBirth),
      registrationSystemId,
      registrationSystemId,
      minScore,
      registrationSystemId,
      registrationSystemId,
      minScore,
    ],
  );
  // json_build_object keys are not column names: keep them as written.
  return (result as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    key: r.key as number,
    trustedKeyGiven: r.trusted_key_given as boolean,
    trustedPersonId: r.trusted_person_id as number | null,
    exactIds: r.exact_ids as number[] | null,
    exactOutOfReachIds: r.exact_out_of_reach_ids as number[] | null,
    fuzzy:
      (r.fuzzy as Array<{ personId: number; score: number | string; inReach: boolean }> | null)?.map((c) => ({
        personId: c.personId,
        score: Number(c.score),
        inReach: c.inReach,
      })) ?? null,
  }));
}
