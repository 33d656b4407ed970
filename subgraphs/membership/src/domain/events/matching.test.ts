import type { MatchEvidence } from '../../data/personMatching';
import { decideMatch, MATCH_THRESHOLDS } from './matching';

/** F4's decision on the evidence the database gathered, one rule per row. */
const evidence = (e: Partial<MatchEvidence>): MatchEvidence => ({
  key: 1,
  trustedKeyGiven: false,
  trustedPersonId: null,
  exactIds: null,
  fuzzy: null,
  ...e,
});
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
    ['fuzzy at SURE', born, evidence({ fuzzy: [{ personId: 7, score: MATCH_THRESHOLDS.SURE }] }), 7, 'FUZZY', 0.9],
    ['fuzzy just below SURE: candidates only', born, evidence({ fuzzy: [{ personId: 7, score: 0.8999 }] }), null, 'NONE', 0.8999],
    ['fuzzy at LIKELY: a candidate', born, evidence({ fuzzy: [{ personId: 7, score: MATCH_THRESHOLDS.LIKELY }] }), null, 'NONE', 0.55],
    ['below LIKELY: nothing', born, evidence({ fuzzy: [{ personId: 7, score: 0.5499 }] }), null, 'NONE', null],
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
        fuzzy: [
          { personId: 4, score: 0.95 },
          { personId: 5, score: 0.6 },
          { personId: 6, score: 0.3 },
        ],
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
