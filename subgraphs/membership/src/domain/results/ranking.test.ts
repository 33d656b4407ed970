import { rankResults } from './ranking';
import type { ResultStatus } from './types';

const r = (status: ResultStatus, timeMs: number | null) => ({ status, timeMs });

describe('rankResults: standard competition ranking', () => {
  it('ranks finishers by time, whatever order they come in', () => {
    expect(rankResults([r('FINISHED', 3000), r('FINISHED', 1000), r('FINISHED', 2000)])).toEqual([3, 1, 2]);
  });

  it('ties: the same time shares a rank and the next rank skips (1, 2, 2, 4)', () => {
    expect(rankResults([r('FINISHED', 1000), r('FINISHED', 2000), r('FINISHED', 2000), r('FINISHED', 2500)])).toEqual([1, 2, 2, 4]);
  });

  it('a three-way tie for first: 1, 1, 1, 4', () => {
    expect(rankResults([r('FINISHED', 500), r('FINISHED', 500), r('FINISHED', 900), r('FINISHED', 500)])).toEqual([1, 1, 4, 1]);
  });

  it('times differing by a millisecond are not tied', () => {
    expect(rankResults([r('FINISHED', 1001), r('FINISHED', 1000)])).toEqual([2, 1]);
  });

  it('DNF, DNS and DSQ have no rank and take no place, even with a time', () => {
    expect(rankResults([r('DSQ', 500), r('FINISHED', 2000), r('DNF', null), r('DNS', null), r('FINISHED', 1000)])).toEqual([
      null,
      2,
      null,
      null,
      1,
    ]);
  });

  it('no finishers: no ranks', () => {
    expect(rankResults([r('DNS', null)])).toEqual([null]);
    expect(rankResults([])).toEqual([]);
  });

  it('a finisher without a time is a bug of the caller', () => {
    expect(() => rankResults([r('FINISHED', null)])).toThrow('FINISHED without a time');
  });
});
