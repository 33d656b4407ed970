import { calculatePoints, isPointsCalculatorName, POINTS_CALCULATOR_NAMES, RANK_POINTS_TABLE } from './points';
import { rankResults } from './ranking';
import type { ResultStatus } from './types';

const field = (...rows: Array<[ResultStatus, number | null]>) => rows.map(([status, timeMs]) => ({ status, timeMs }));
const pointsOf = (name: Parameters<typeof calculatePoints>[0], results: ReturnType<typeof field>) =>
  calculatePoints(name, results, rankResults(results));

describe('points calculators', () => {
  const race = field(
    ['FINISHED', 2_000_000],
    ['FINISHED', 2_100_000],
    ['FINISHED', 2_100_000],
    ['FINISHED', 2_500_000],
    ['DNF', null],
    ['DSQ', 1_900_000],
  );

  it('offers NONE, RANK_TABLE and WINNER_PERCENT by name', () => {
    expect(POINTS_CALCULATOR_NAMES).toEqual(['NONE', 'RANK_TABLE', 'WINNER_PERCENT']);
    expect(isPointsCalculatorName('RANK_TABLE')).toBe(true);
    expect(isPointsCalculatorName('toString')).toBe(false);
  });

  it('NONE: nobody scores', () => {
    expect(pointsOf('NONE', race)).toEqual([null, null, null, null, null, null]);
  });

  it('RANK_TABLE: the table by rank; tied ranks score alike, the next rank scores its own place; DNF/DSQ none', () => {
    expect(pointsOf('RANK_TABLE', race)).toEqual([100, 80, 80, 50, null, null]);
  });

  it('RANK_TABLE: finishers beyond the table score 0 (ranked, no points)', () => {
    const many = field(...Array.from({ length: 32 }, (_, i): [ResultStatus, number] => ['FINISHED', 1000 + i]));
    const points = pointsOf('RANK_TABLE', many);
    expect(points.slice(0, 30)).toEqual([...RANK_POINTS_TABLE]);
    expect(points.slice(30)).toEqual([0, 0]);
  });

  it("WINNER_PERCENT: 100 × winner's time / own time, two decimals, half up; a DSQ's faster time is not the winner's", () => {
    // 2,000,000 / 2,100,000 = 95.238…; / 2,500,000 = 80
    expect(pointsOf('WINNER_PERCENT', race)).toEqual([100, 95.24, 95.24, 80, null, null]);
    // 1000 / 1003 = 99.7008…; 1000 / 1600 = 62.5
    expect(pointsOf('WINNER_PERCENT', field(['FINISHED', 1600], ['FINISHED', 1000], ['FINISHED', 1003]))).toEqual([62.5, 100, 99.7]);
  });

  it('WINNER_PERCENT: a field of one scores 100; a zero time does not divide by zero', () => {
    expect(pointsOf('WINNER_PERCENT', field(['FINISHED', 3_600_000]))).toEqual([100]);
    expect(pointsOf('WINNER_PERCENT', field(['FINISHED', 0], ['FINISHED', 10]))).toEqual([100, 0]);
  });
});
