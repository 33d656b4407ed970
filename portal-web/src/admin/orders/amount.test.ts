import { parseAmountMinor } from './amount';

describe('an amount typed by an operator', () => {
  it.each([
    ['120', 'EUR', 12000],
    ['120.5', 'EUR', 12050],
    ['120,50', 'EUR', 12050],
    [' 0.01 ', 'EUR', 1],
    ['500', 'JPY', 500],
  ])('%j %s is %d minor units', (text, currency, minor) => {
    expect(parseAmountMinor(text, currency)).toBe(minor);
  });

  it.each(['', '0', '0.00', '-5', '1.234', '1e3', '12 EUR', '1.5.0'])('%j is not an amount', (text) => {
    expect(parseAmountMinor(text, 'EUR')).toBeNull();
  });

  it('a currency without minor units takes no decimals', () => {
    expect(parseAmountMinor('5.5', 'JPY')).toBeNull();
  });
});
