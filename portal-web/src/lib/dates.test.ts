import { formatDate, isMinor } from './dates';

describe('date of birth display', () => {
  it('formats an ISO date without shifting it by time zone', () => {
    expect(formatDate('2012-03-01', 'en-GB')).toBe('1 March 2012');
    expect(formatDate('1999-12-31', 'en-GB')).toBe('31 December 1999');
  });

  it('leaves anything else as it is', () => {
    expect(formatDate('not a date', 'en-GB')).toBe('not a date');
  });
});

describe('minors (consent on their behalf)', () => {
  it('is under 18 until the 18th birthday', () => {
    expect(isMinor('2008-06-15', '2026-06-14')).toBe(true);
    expect(isMinor('2008-06-15', '2026-06-15')).toBe(false);
    expect(isMinor('2016-01-01', '2026-11-25')).toBe(true);
    expect(isMinor('1976-04-09', '2026-11-25')).toBe(false);
  });

  it('an unknown date of birth is not taken for a minor', () => {
    expect(isMinor(null, '2026-11-25')).toBe(false);
    expect(isMinor('unknown', '2026-11-25')).toBe(false);
  });
});
