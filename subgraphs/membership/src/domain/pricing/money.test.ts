import { adjustmentAmount, clampToRemaining, formatMinor, percentOf, toBasisPoints } from './money';

describe('integer money arithmetic, rounding half up to the minor unit', () => {
  it.each([
    // amount, basis points, expected: amount * bp / 10000, magnitude rounded half up
    [8350, -500, -418], // 417.5 -> 418
    [8350, 500, 418],
    [8349, -500, -417], // 417.45 -> 417
    [1, 5000, 1], // 0.5 -> 1
    [1, -5000, -1],
    [1, 4999, 0], // 0.4999 -> 0
    [12000, -1000, -1200],
    [6000, -5000, -3000],
    [0, -5000, 0],
    [999_999_999, 1250, 125_000_000], // 124999999.875 -> 125000000
  ])('percentOf(%i, %i bp) = %i', (amount, bp, expected) => {
    expect(percentOf(amount, bp)).toBe(expected);
  });

  it.each([
    [-10, -1000],
    [12.5, 1250],
    [0.07, 7],
  ])('toBasisPoints(%p) = %p', (percent, bp) => {
    expect(toBasisPoints(percent)).toBe(bp);
  });

  it('refuses a percentage with more than two decimals', () => {
    expect(() => toBasisPoints(12.345)).toThrow(RangeError);
  });

  it('applies percent and fixed adjustments to a base fee', () => {
    expect(adjustmentAmount(8350, { type: 'percent', percent: -5 })).toBe(-418);
    expect(adjustmentAmount(8350, { type: 'fixed', amountMinor: 1500 })).toBe(1500);
  });

  it('never takes a fee below zero', () => {
    expect(clampToRemaining(-7000, 6000)).toBe(-6000);
    expect(clampToRemaining(-500, 6000)).toBe(-500);
    expect(clampToRemaining(1500, 0)).toBe(1500);
  });

  it.each([
    [12345, '123.45'],
    [5, '0.05'],
    [-1257, '-12.57'],
  ])('formatMinor(%i) = %p', (amount, text) => {
    expect(formatMinor(amount)).toBe(text);
  });
});
