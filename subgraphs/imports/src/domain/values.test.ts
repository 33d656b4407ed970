import { parseDate, parseDateOrYear } from './values';

describe('dates in import files (docs/decisions.md, "Dates in files")', () => {
  it.each([
    ['1990-04-23', '1990-04-23'],
    ['1990-4-3', '1990-04-03'],
    ['1990-04-23T00:00:00.000Z', '1990-04-23'],
    ['23.04.1990', '1990-04-23'],
    ['3.4.1990', '1990-04-03'],
    ['23/04/1990', '1990-04-23'],
    [' 23-04-1990 ', '1990-04-23'],
  ])('reads %s as %s', (raw, iso) => expect(parseDate(raw)).toBe(iso));

  it.each(['31.02.1990', '1990-13-01', '04/23/1990', 'yesterday', '23.04.90', '1850-01-01', ''])('refuses %s', (raw) =>
    expect(parseDate(raw)).toBeNull(),
  );
});

describe('a date or only its year (member since)', () => {
  it.each([
    ['2015', '2015'],
    [' 1999 ', '1999'],
    ['01.03.2015', '2015-03-01'],
  ])('reads %s as %s', (raw, value) => expect(parseDateOrYear(raw)).toBe(value));

  it.each(['0815', '1899', '2101', '15', '20150', '31.02.2015'])('refuses %s', (raw) => expect(parseDateOrYear(raw)).toBeNull());
});
