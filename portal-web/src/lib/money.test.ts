import { formatMoney, minorUnitDigits, sumMinor } from './money';

describe('money: amounts are formatted from minor units with the currency', () => {
  it('formats euro cents with two decimals', () => {
    expect(formatMoney(12345, 'EUR', 'en-GB')).toBe('€123.45');
    expect(formatMoney(5, 'EUR', 'en-GB')).toBe('€0.05');
    expect(formatMoney(0, 'EUR', 'en-GB')).toBe('€0.00');
  });

  it('uses the locale for separators and symbol position', () => {
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'EUR', 'nl-NL')).toBe('€\u00a01.234,56');
  });

  it('knows currencies without and with three minor digits', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(formatMoney(1500, 'JPY', 'en-GB')).toBe('JP¥1,500');
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(formatMoney(1234, 'KWD', 'en-GB')).toBe('KWD\u00a01.234');
  });

  it('formats discounts (negative lines)', () => {
    expect(formatMoney(-1000, 'EUR', 'en-GB')).toBe('-€10.00');
  });

  it('never shows binary fraction noise', () => {
    expect(formatMoney(1001, 'EUR', 'en-GB')).toBe('€10.01');
    expect(formatMoney(29, 'EUR', 'en-GB')).toBe('€0.29');
  });

  it('sums lines in minor units', () => {
    expect(sumMinor([{ amountMinor: 4500 }, { amountMinor: 1250 }, { amountMinor: -500 }])).toBe(5250);
    expect(sumMinor([])).toBe(0);
  });
});
