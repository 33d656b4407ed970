import { longDate } from './dates';

describe('longDate', () => {
  it('writes a date as members of a European club read it, in UTC whatever the time zone', () => {
    expect(longDate('2026-12-31')).toBe('31 December 2026');
    expect(longDate('2027-01-01')).toBe('1 January 2027');
  });
});
