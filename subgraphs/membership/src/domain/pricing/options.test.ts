import { quoteOrder } from './engine';
import { examplePeriod, examplePerson } from './examplePeriod';
import type { PeriodPricingRules, PricingPerson } from './types';

function lines(persons: PricingPerson[], rules: PeriodPricingRules = examplePeriod()) {
  const result = quoteOrder({ rules, persons, registrationDate: '2025-02-15' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return { options: result.quote.lines.filter((l) => l.kind === 'insurance' || l.kind === 'magazine'), total: result.quote.totalMinor };
}

describe('additional options: insurance and magazine', () => {
  it('insurance per person: one line for each person who chose it (24000 + 1200 + 300 = 25500)', () => {
    const result = lines([examplePerson({ id: 1, options: ['insurance'] }), examplePerson({ id: 2 })]);
    expect(result.options).toEqual([
      { personId: 1, kind: 'insurance', description: 'Insurance 12.00 EUR', amountMinor: 1200, rule: 'option:insurance:per_person' },
    ]);
    expect(result.total).toBe(25500);
  });

  it('magazine per order: one line however many chose it (24000 + 1800 + 300 = 26100)', () => {
    const result = lines([examplePerson({ id: 1, options: ['magazine'] }), examplePerson({ id: 2, options: ['magazine'] })]);
    expect(result.options).toEqual([
      {
        personId: null,
        kind: 'magazine',
        description: 'Magazine subscription 18.00 EUR per order',
        amountMinor: 1800,
        rule: 'option:magazine:per_order',
      },
    ]);
    expect(result.total).toBe(26100);
  });

  it('magazine priced per person when the period says so (24000 + 2 * 1800 + 300 = 27900)', () => {
    const rules = examplePeriod({ options: { magazine: { per: 'person', priceMinor: 1800 } } });
    const result = lines([examplePerson({ id: 1, options: ['magazine'] }), examplePerson({ id: 2, options: ['magazine'] })], rules);
    expect(result.options.map((l) => [l.personId, l.amountMinor])).toEqual([
      [1, 1800],
      [2, 1800],
    ]);
    expect(result.total).toBe(27900);
  });

  it('both options for one person (12000 + 1200 + 1800 + 300 = 15300)', () => {
    expect(lines([examplePerson({ id: 1, options: ['insurance', 'magazine'] })]).total).toBe(15300);
  });

  it('no option chosen: no option line', () => {
    expect(lines([examplePerson()]).options).toEqual([]);
  });

  it('refuses an option the period does not offer', () => {
    const result = quoteOrder({
      rules: examplePeriod({ options: { insurance: { per: 'person', priceMinor: 1200 } } }),
      persons: [examplePerson({ id: 4, options: ['magazine'] })],
      registrationDate: '2025-02-15',
    });
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ code: 'OPTION_NOT_OFFERED', personId: 4 })] });
  });
});
