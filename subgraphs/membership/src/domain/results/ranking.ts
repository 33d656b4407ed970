import type { ResultStatus } from './types';

/**
 * Standard competition ranking ("1224"): finishers in order of time, equal times share a rank and
 * the next rank skips as many places as shared it. DNF, DNS and DSQ are not ranked (null). Times
 * are compared as given, to the millisecond: a file with tenths ties at the tenth.
 */
export function rankResults(results: ReadonlyArray<{ status: ResultStatus; timeMs: number | null }>): Array<number | null> {
  const ranks: Array<number | null> = results.map(() => null);
  const finishers: number[] = [];
  results.forEach((r, i) => {
    if (r.status !== 'FINISHED') return;
    if (r.timeMs === null) throw new Error(`result ${i} is FINISHED without a time`);
    finishers.push(i);
  });
  finishers.sort((a, b) => (results[a]!.timeMs as number) - (results[b]!.timeMs as number));
  let rank = 0;
  let previous: number | null = null;
  finishers.forEach((index, place) => {
    const time = results[index]!.timeMs as number;
    if (time !== previous) rank = place + 1;
    previous = time;
    ranks[index] = rank;
  });
  return ranks;
}
