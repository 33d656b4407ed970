import { formatDate } from './dates';

describe('date of birth display', () => {
  it('formats an ISO date without shifting it by time zone', () => {
    expect(formatDate('2012-03-01', 'en-GB')).toBe('1 March 2012');
    expect(formatDate('1999-12-31', 'en-GB')).toBe('31 December 1999');
  });

  it('leaves anything else as it is', () => {
    expect(formatDate('not a date', 'en-GB')).toBe('not a date');
  });
});
