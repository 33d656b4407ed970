import { ageGroupOn, ageOn } from './ageGroup';
import { quoteOrder } from './engine';
import { examplePeriod, examplePerson } from './examplePeriod';

describe('age group on the reference date (adult 18+, junior under 18, senior 65+)', () => {
  it.each([
    // reference date 2025-01-01 of the example period; the birthday on the reference date counts
    ['2007-01-01', 18, 'adult'],
    ['2007-01-02', 17, 'junior'],
    ['2024-12-31', 0, 'junior'],
    ['1960-01-01', 65, 'senior'],
    ['1960-01-02', 64, 'adult'],
    ['1955-02-02', 69, 'senior'],
  ])('born %s: age %i, %s', (dateOfBirth, age, group) => {
    expect(ageOn(dateOfBirth, '2025-01-01')).toBe(age);
    expect(ageGroupOn(dateOfBirth, '2025-01-01')).toBe(group);
  });

  it.each([
    ['2026-02-28', 17],
    ['2026-03-01', 18],
    ['2028-02-29', 20],
  ])('born 2008-02-29: on %s the age is %i (birthday from 1 March in other years)', (onDate, age) => {
    expect(ageOn('2008-02-29', onDate)).toBe(age);
  });

  it('refuses a date that is not ISO', () => {
    expect(() => ageOn('01/01/2000', '2025-01-01')).toThrow(RangeError);
  });

  it.each([
    // individual fees: adult 12000, junior 6000, senior 8350; transfer, standard window, + admin 300
    ['2007-01-01', 'base_fee:individual:adult', 12000, 12300],
    ['2007-01-02', 'base_fee:individual:junior', 6000, 6300],
    ['1960-01-01', 'base_fee:individual:senior', 8350, 8650],
    ['1960-01-02', 'base_fee:individual:adult', 12000, 12300],
  ])('prices a person born %s with %s', (dateOfBirth, rule, fee, total) => {
    const result = quoteOrder({ rules: examplePeriod(), persons: [examplePerson({ id: 1, dateOfBirth })], registrationDate: '2025-02-15' });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.quote.lines[0]).toMatchObject({ kind: 'membership_fee', rule, amountMinor: fee });
    expect(result.quote.totalMinor).toBe(total);
  });

  it('prices a senior with the adult fee when the type has no senior fee', () => {
    const result = quoteOrder({
      rules: examplePeriod(),
      persons: [examplePerson({ id: 1, dateOfBirth: '1950-06-01', membershipTypeCode: 'club' })],
      registrationDate: '2025-02-15',
    });
    expect(result.ok && result.quote.lines[0]).toMatchObject({ rule: 'base_fee:club:adult', amountMinor: 10000 });
  });

  it('refuses an age group the type does not offer', () => {
    const result = quoteOrder({
      rules: examplePeriod(),
      persons: [examplePerson({ id: 5, dateOfBirth: '2000-01-01', membershipTypeCode: 'youth' })],
      registrationDate: '2025-02-15',
    });
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ code: 'AGE_GROUP_NOT_OFFERED', personId: 5 })] });
  });
});
