import type { MatchEvidence } from '../../data/personMatching';
import { decideMatch, MATCH_THRESHOLDS } from './matching';

/** F4's decision on the evidence the database gathered, one rule per row. */
const evidence = (e: Partial<MatchEvidence>): MatchEvidence => ({
  key: 1,
  trustedKeyGiven: false,
  trustedPersonId: null,
  exactIds: null,
  exactOutOfReachIds: null,
  fuzzy: null,
  ...e,
});
/** A fuzzy hit; within the import's reach unless said otherwise. */
const near = (personId: number, score: number, inReach = true) => ({ personId, score, inReach });
const born = { dateOfBirth: '1990-01-01' };
const unborn = { dateOfBirth: null };

describe('decideMatch', () => {
  it.each([
    [
      'a trusted key wins over everything',
      born,
      evidence({ trustedKeyGiven: true, trustedPersonId: 9, exactIds: [1] }),
      9,
      'TRUSTED_KEY',
      null,
    ],
    ['an unknown trusted key falls through', born, evidence({ trustedKeyGiven: true, exactIds: [4] }), 4, 'EXACT', 1],
    ['exact: the lowest id', born, evidence({ exactIds: [2, 3] }), 2, 'EXACT', 1],
    ['no birth date, one exact', unborn, evidence({ exactIds: [5] }), 5, 'EXACT', 1],
    ['no birth date, several exact: no match', unborn, evidence({ exactIds: [5, 6] }), null, 'NONE', 1],
    ['fuzzy at SURE', born, evidence({ fuzzy: [near(7, MATCH_THRESHOLDS.SURE)] }), 7, 'FUZZY', 0.9],
    ['fuzzy just below SURE: candidates only', born, evidence({ fuzzy: [near(7, 0.8999)] }), null, 'NONE', 0.8999],
    ['fuzzy at LIKELY: a candidate', born, evidence({ fuzzy: [near(7, MATCH_THRESHOLDS.LIKELY)] }), null, 'NONE', 0.55],
    ['below LIKELY: nothing', born, evidence({ fuzzy: [near(7, 0.5499)] }), null, 'NONE', null],
    ['nothing at all', born, evidence({}), null, 'NONE', null],
  ] as const)('%s', (_name, row, found, personId, kind, score) => {
    const match = decideMatch(row, found);
    expect([match.personId, match.kind, match.score]).toEqual([personId, kind, score]);
  });

  it('lists the other exact matches, and the other likely persons after a sure one', () => {
    expect(decideMatch(born, evidence({ exactIds: [2, 3, 8] })).candidates).toEqual([
      { personId: 3, score: 1 },
      { personId: 8, score: 1 },
    ]);
    const sure = decideMatch(
      born,
      evidence({
        fuzzy: [near(4, 0.95), near(5, 0.6), near(6, 0.3)],
      }),
    );
    expect(sure).toMatchObject({ personId: 4, kind: 'FUZZY', candidates: [{ personId: 5, score: 0.6 }] });
  });

  it('trustedKeyUnknown only when a trusted key was given and matched nobody', () => {
    expect(decideMatch(born, evidence({ trustedKeyGiven: true })).trustedKeyUnknown).toBe(true);
    expect(decideMatch(born, evidence({ trustedKeyGiven: true, trustedPersonId: 1 })).trustedKeyUnknown).toBe(false);
    expect(decideMatch(born, evidence({})).trustedKeyUnknown).toBe(false);
  });
});

/**
 * Organisation boundary in imports (docs/decisions.md): a person out of the import's reach
 * (another organisation's) is never the row's person; a row that would have matched them makes a
 * new person with them as a merge candidate.
 */
describe('decideMatch across the organisation boundary', () => {
  it('an exact hit out of reach: a new person, with that person as a candidate', () => {
    expect(decideMatch(born, evidence({ exactOutOfReachIds: [11] }))).toMatchObject({
      personId: null,
      kind: 'NONE',
      score: 1,
      candidates: [{ personId: 11, score: 1 }],
    });
  });

  it('a sure fuzzy hit out of reach: a new person, with that person as a candidate', () => {
    expect(decideMatch(born, evidence({ fuzzy: [near(11, 0.95, false)] }))).toMatchObject({
      personId: null,
      kind: 'NONE',
      candidates: [{ personId: 11, score: 0.95 }],
    });
  });

  it('a person within reach wins over a better one out of reach', () => {
    expect(decideMatch(born, evidence({ exactIds: [4], exactOutOfReachIds: [3] }))).toMatchObject({ personId: 4, kind: 'EXACT' });
    const fuzzy = decideMatch(born, evidence({ exactOutOfReachIds: [3], fuzzy: [near(5, 0.97, false), near(4, 0.92)] }));
    expect(fuzzy).toMatchObject({ personId: 4, kind: 'FUZZY', candidates: [] });
  });

  it('candidates of a new person: out of reach and likely ones, the most similar first', () => {
    const match = decideMatch(born, evidence({ exactOutOfReachIds: [9], fuzzy: [near(5, 0.95, false), near(4, 0.7)] }));
    expect(match.candidates).toEqual([
      { personId: 9, score: 1 },
      { personId: 5, score: 0.95 },
      { personId: 4, score: 0.7 },
    ]);
  });

  it('without a birth date: several exact within reach and one out of reach are all candidates', () => {
    expect(decideMatch(unborn, evidence({ exactIds: [5, 6], exactOutOfReachIds: [2] })).candidates).toEqual([
      { personId: 2, score: 1 },
      { personId: 5, score: 1 },
      { personId: 6, score: 1 },
    ]);
  });
});
