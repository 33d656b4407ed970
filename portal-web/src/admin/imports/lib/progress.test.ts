import { progressEstimate } from './progress';

describe('the processing stage’s progress', () => {
  it('rows per second and time left from the first look to the latest', () => {
    expect(progressEstimate({ at: 0, rows: 1000 }, { at: 4000, rows: 9000 }, 21_000)).toEqual({
      perSecond: 2000,
      secondsLeft: 6,
      percent: 43,
    });
  });

  it('no rate before a second has passed or while nothing moved', () => {
    expect(progressEstimate({ at: 0, rows: 0 }, { at: 500, rows: 100 }, 1000)).toEqual({ perSecond: null, secondsLeft: null, percent: 10 });
    expect(progressEstimate({ at: 0, rows: 50 }, { at: 5000, rows: 50 }, 1000)).toMatchObject({ perSecond: null });
    expect(progressEstimate(null, { at: 5000, rows: 50 }, null)).toEqual({ perSecond: null, secondsLeft: null, percent: null });
  });
});
