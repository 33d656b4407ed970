import type { Db } from '../../data/db';
import { gatherMatchEvidence, type MatchEvidence } from '../../data/personMatching';
import type { OrganisationReach } from '../../data/scope';
import type { PersonMatch, PersonMatchInput, PersonMatchScope } from './types';

/**
 * Person matching (F4; docs/decisions.md, "Events and person matching"). A fuzzy score is the
 * Levenshtein ratio (1 - distance / longer length) of the normalised full names of two persons
 * born the same day, first and last name also tried swapped.
 */
export const MATCH_THRESHOLDS = {
  /** At or above: the same person (one typo in ten letters, swapped first and last names). */
  SURE: 0.9,
  /** At or above (below SURE): perhaps the same person; a new person is created and a merge candidate recorded. */
  LIKELY: 0.55,
} as const;

/**
 * What one row's evidence means; pure, so the rules are table-tested without a database. Only
 * persons within the import's reach are matched (docs/decisions.md, "Organisation boundary in
 * imports"); a row that would have matched a person out of reach, exactly or fuzzily, makes a new
 * person with that one among its candidates, so an operator of both sides can merge them.
 */
export function decideMatch(row: Pick<PersonMatchInput, 'dateOfBirth'>, evidence: MatchEvidence): PersonMatch {
  const base = { key: evidence.key, trustedKeyUnknown: evidence.trustedKeyGiven && evidence.trustedPersonId === null };
  if (evidence.trustedPersonId !== null) {
    return { ...base, personId: evidence.trustedPersonId, kind: 'TRUSTED_KEY', score: null, candidates: [] };
  }
  const outOfReach = (evidence.exactOutOfReachIds ?? []).map((personId) => ({ personId, score: 1 }));
  const newPerson = (candidates: Array<{ personId: number; score: number }>): PersonMatch => {
    // A person out of reach found exactly is found by the fuzzy step too: once, with the better score.
    const best = new Map<number, number>();
    for (const c of candidates) best.set(c.personId, Math.max(c.score, best.get(c.personId) ?? 0));
    const sorted = [...best].map(([personId, score]) => ({ personId, score })).sort((a, b) => b.score - a.score || a.personId - b.personId);
    return { ...base, personId: null, kind: 'NONE', score: sorted[0]?.score ?? null, candidates: sorted };
  };
  const exact = evidence.exactIds ?? [];
  if (exact.length > 0) {
    // Without a date of birth a name alone decides only when it is unique among persons without one.
    if (row.dateOfBirth === null && exact.length > 1)
      return newPerson([...exact.map((personId) => ({ personId, score: 1 })), ...outOfReach]);
    const [first, ...others] = exact as [number, ...number[]];
    return { ...base, personId: first, kind: 'EXACT', score: 1, candidates: others.map((personId) => ({ personId, score: 1 })) };
  }
  const likely = (evidence.fuzzy ?? []).filter((c) => c.score >= MATCH_THRESHOLDS.LIKELY);
  const [best, ...others] = likely.filter((c) => c.inReach);
  if (best && best.score >= MATCH_THRESHOLDS.SURE) {
    return {
      ...base,
      personId: best.personId,
      kind: 'FUZZY',
      score: best.score,
      candidates: others.map(({ personId, score }) => ({ personId, score })),
    };
  }
  return newPerson([...outOfReach, ...likely.map(({ personId, score }) => ({ personId, score }))]);
}

/**
 * Set-based: one statement for the whole batch, whatever its size. Answers are in the order of
 * `rows`. Only persons within `scope` are found (connected to its organisations when the job
 * started, or created by the job); others are at most candidates.
 */
export async function matchPersons(
  db: Db,
  registrationSystemId: number,
  scope: PersonMatchScope,
  rows: readonly PersonMatchInput[],
): Promise<PersonMatch[]> {
  if (rows.length === 0) return [];
  const evidence = new Map(
    (await gatherMatchEvidence(db, registrationSystemId, reachOfScope(scope), rows, MATCH_THRESHOLDS.LIKELY)).map((e) => [e.key, e]),
  );
  return rows.map((row) => {
    const found = evidence.get(row.key);
    if (!found) throw new Error(`person matching lost row ${row.key}`);
    return decideMatch(row, found);
  });
}

/** An import's scope as the data layer's reach: connections made before the job started, and the job's own persons. */
export function reachOfScope(scope: PersonMatchScope): OrganisationReach {
  return { organisationIds: scope.organisationIds, connectedBefore: scope.startedAt, importJobId: scope.importJobId };
}
