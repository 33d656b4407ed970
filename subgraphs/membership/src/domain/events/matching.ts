import type { Db } from '../../data/db';
import { gatherMatchEvidence, type MatchEvidence } from '../../data/personMatching';
import type { PersonMatch, PersonMatchInput } from './types';

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

/** What one row's evidence means; pure, so the rules are table-tested without a database. */
export function decideMatch(row: Pick<PersonMatchInput, 'dateOfBirth'>, evidence: MatchEvidence): PersonMatch {
  const base = { key: evidence.key, trustedKeyUnknown: evidence.trustedKeyGiven && evidence.trustedPersonId === null };
  if (evidence.trustedPersonId !== null) {
    return { ...base, personId: evidence.trustedPersonId, kind: 'TRUSTED_KEY', score: null, candidates: [] };
  }
  const exact = evidence.exactIds ?? [];
  if (exact.length > 0) {
    // Without a date of birth a name alone decides only when it is unique among persons without one.
    if (row.dateOfBirth === null && exact.length > 1) {
      return { ...base, personId: null, kind: 'NONE', score: 1, candidates: exact.map((personId) => ({ personId, score: 1 })) };
    }
    const [first, ...others] = exact as [number, ...number[]];
    return { ...base, personId: first, kind: 'EXACT', score: 1, candidates: others.map((personId) => ({ personId, score: 1 })) };
  }
  const likely = (evidence.fuzzy ?? []).filter((c) => c.score >= MATCH_THRESHOLDS.LIKELY);
  const [best, ...others] = likely;
  if (!best) return { ...base, personId: null, kind: 'NONE', score: null, candidates: [] };
  if (best.score >= MATCH_THRESHOLDS.SURE) {
    return { ...base, personId: best.personId, kind: 'FUZZY', score: best.score, candidates: others };
  }
  return { ...base, personId: null, kind: 'NONE', score: best.score, candidates: likely };
}

/** Set-based: one statement for the whole batch, whatever its size. Answers are in the order of `rows`. */
export async function matchPersons(db: Db, registrationSystemId: number, rows: readonly PersonMatchInput[]): Promise<PersonMatch[]> {
  if (rows.length === 0) return [];
  const evidence = new Map((await gatherMatchEvidence(db, registrationSystemId, rows, MATCH_THRESHOLDS.LIKELY)).map((e) => [e.key, e]));
  return rows.map((row) => {
    const found = evidence.get(row.key);
    if (!found) throw new Error(`person matching lost row ${row.key}`);
    return decideMatch(row, found);
  });
}
