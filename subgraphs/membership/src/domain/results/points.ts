import type { ResultStatus } from './types';

/**
 * Points calculators: named, pluggable ways to turn a finisher's rank and time into points
 * (the result-set import's `pointsCalculator`). A calculator sees one finisher and the field it
 * finished in; DNF, DNS and DSQ never score (null), whatever the calculator. Add one here and it
 * is offered everywhere the name is accepted.
 */
export interface PointsCalculator {
  /** What it awards, as the operator reads it. */
  description: string;
  points(finisher: { rank: number; timeMs: number }, field: { winnerTimeMs: number; finishers: number }): number | null;
}

/**
 * The World Cup table (FIS alpine and cross-country, and many club cups copied it): ranks 1 to 30;
 * finishers beyond it score 0, which says "ranked, no points" where null says "not ranked".
 */
export const RANK_POINTS_TABLE: readonly number[] = [
  100, 80, 60, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
];

export const POINTS_CALCULATORS = {
  NONE: {
    description: 'No points',
    points: () => null,
  },
  RANK_TABLE: {
    description: 'Points by rank from the World Cup table (100, 80, 60, 50, 45, ... 1 for rank 30); tied ranks score alike',
    points: ({ rank }) => RANK_POINTS_TABLE[rank - 1] ?? 0,
  },
  WINNER_PERCENT: {
    // Two decimals, half up, in integer arithmetic: 100 × winner / time.
    description: "The winner's time as a percentage of the finisher's time (the winner scores 100), two decimals",
    points: ({ timeMs }, { winnerTimeMs }) => (timeMs === 0 ? 100 : Math.round((winnerTimeMs * 10_000) / timeMs) / 100),
  },
} as const satisfies Record<string, PointsCalculator>;

export type PointsCalculatorName = keyof typeof POINTS_CALCULATORS;

export const POINTS_CALCULATOR_NAMES = Object.keys(POINTS_CALCULATORS) as PointsCalculatorName[];

export function isPointsCalculatorName(value: string): value is PointsCalculatorName {
  return Object.prototype.hasOwnProperty.call(POINTS_CALCULATORS, value);
}

/** Each result's points under the named calculator, given the ranks `rankResults` gave them. */
export function calculatePoints(
  name: PointsCalculatorName,
  results: ReadonlyArray<{ status: ResultStatus; timeMs: number | null }>,
  ranks: ReadonlyArray<number | null>,
): Array<number | null> {
  const calculator: PointsCalculator = POINTS_CALCULATORS[name];
  let winnerTimeMs = Number.POSITIVE_INFINITY;
  let finishers = 0;
  results.forEach((r, i) => {
    if (ranks[i] === null || ranks[i] === undefined) return;
    finishers++;
    winnerTimeMs = Math.min(winnerTimeMs, r.timeMs as number);
  });
  return results.map((r, i) => {
    const rank = ranks[i];
    if (rank === null || rank === undefined || r.status !== 'FINISHED') return null;
    return calculator.points({ rank, timeMs: r.timeMs as number }, { winnerTimeMs, finishers });
  });
}
