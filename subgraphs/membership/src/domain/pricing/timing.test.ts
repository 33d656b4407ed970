import { quoteOrder } from './engine';
import { examplePeriod, examplePerson } from './examplePeriod';
import { priceWindowOpen, timingWindowAt } from './timing';

const rules = examplePeriod();

describe('registration timing: early, standard, late', () => {
  it.each([
    // one adult transfer: fee 12000, admin 300
    // early: -10% of 12000 = -1200 -> 12000 - 1200 + 300 = 11100
    ['2024-10-01', 'early', -1200, 11100],
    ['2024-12-31', 'early', -1200, 11100],
    // standard: no adjustment -> 12000 + 300 = 12300
    ['2025-01-01', 'standard', null, 12300],
    ['2025-03-31', 'standard', null, 12300],
    // late: fixed +1500 -> 12000 + 1500 + 300 = 13800
    ['2025-04-01', 'late', 1500, 13800],
    ['2025-06-30', 'late', 1500, 13800],
  ])('registered on %s: %s window, adjustment %p, total %i', (registrationDate, window, adjustment, total) => {
    const result = quoteOrder({ rules, persons: [examplePerson({ id: 1 })], registrationDate });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.quote.window).toBe(window);
    const line = result.quote.lines.find((l) => l.kind === 'timing_adjustment');
    expect(line?.amountMinor ?? null).toBe(adjustment);
    if (line) expect(line).toMatchObject({ personId: 1, rule: `timing:${window}` });
    expect(result.quote.totalMinor).toBe(total);
  });

  it.each(['2024-09-30', '2025-07-01'])('registered on %s: no window open, registration closed', (registrationDate) => {
    expect(timingWindowAt(rules, registrationDate)).toBeUndefined();
    expect(quoteOrder({ rules, persons: [examplePerson()], registrationDate })).toEqual({
      ok: false,
      problems: [expect.objectContaining({ code: 'REGISTRATION_CLOSED' })],
    });
  });

  it('takes a percentage of each person’s own base fee: junior early -10% of 6000 = -600', () => {
    const result = quoteOrder({ rules, persons: [examplePerson({ id: 2, dateOfBirth: '2015-03-03' })], registrationDate: '2024-11-20' });
    expect(result.ok && result.quote.lines.find((l) => l.kind === 'timing_adjustment')?.amountMinor).toBe(-600);
  });

  it.each([
    ['2024-12-31', undefined, true],
    ['2024-12-31', 'early', true],
    ['2025-01-01', 'early', false],
    ['2025-01-01', 'standard', true],
    ['2025-07-01', undefined, false],
  ] as const)('priceWindowOpen(%s, %p) is %p', (date, window, open) => {
    expect(priceWindowOpen(rules, date, window)).toBe(open);
  });
});
