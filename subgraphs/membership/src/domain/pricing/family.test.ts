import { quoteOrder } from './engine';
import { examplePeriod, examplePerson } from './examplePeriod';
import { familyCapLine, familyPositions } from './family';
import type { FamilyRules, PricingPerson } from './types';

const JUNIOR = '2015-03-03';

function price(persons: PricingPerson[], family: FamilyRules | undefined) {
  const result = quoteOrder({ rules: examplePeriod({ family }), persons, registrationDate: '2025-02-15' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.quote;
}

const noCap: FamilyRules = { discount: { fromPosition: 3, adjustment: { type: 'percent', percent: -50 } } };

describe('number of persons: family discount from the n-th person', () => {
  it('two adults: no discount (12000 + 12000 + 300 = 24300)', () => {
    const quote = price([examplePerson({ id: 1 }), examplePerson({ id: 2 })], noCap);
    expect(quote.lines.some((l) => l.kind === 'family_discount')).toBe(false);
    expect(quote.totalMinor).toBe(24300);
  });

  it('three adults: the third pays half (12000 * 3 - 6000 + 300 = 30300)', () => {
    const quote = price([examplePerson({ id: 1 }), examplePerson({ id: 2 }), examplePerson({ id: 3 })], noCap);
    expect(quote.lines.filter((l) => l.kind === 'family_discount')).toEqual([
      {
        personId: 3,
        kind: 'family_discount',
        description: 'Family discount, person 3 -50%',
        amountMinor: -6000,
        rule: 'family:from_position:3',
      },
    ]);
    expect(quote.totalMinor).toBe(30300);
  });

  it('the cheapest memberships get the discount, whatever the input order', () => {
    // junior 6000 is given first but ranks 3rd: 12000 + 12000 + 6000 - 3000 + 300 = 27300
    const quote = price([examplePerson({ id: 1, dateOfBirth: JUNIOR }), examplePerson({ id: 2 }), examplePerson({ id: 3 })], noCap);
    expect(quote.lines.filter((l) => l.kind === 'family_discount').map((l) => [l.personId, l.amountMinor])).toEqual([[1, -3000]]);
    expect(quote.totalMinor).toBe(27300);
  });

  it('ranks by base fee, highest first, ties in input order', () => {
    const positions = familyPositions([
      { personId: 10, baseMinor: 6000 },
      { personId: 11, baseMinor: 12000 },
      { personId: 12, baseMinor: 8350 },
      { personId: 13, baseMinor: 12000 },
    ]);
    expect([...positions.entries()].sort((a, b) => a[1] - b[1])).toEqual([
      [11, 1],
      [13, 2],
      [12, 3],
      [10, 4],
    ]);
  });

  it('a fixed family discount from the 2nd person: 12000 + 6000 - 2500 + 300 = 15800', () => {
    const fixed: FamilyRules = { discount: { fromPosition: 2, adjustment: { type: 'fixed', amountMinor: -2500 } } };
    expect(price([examplePerson({ id: 1 }), examplePerson({ id: 2, dateOfBirth: JUNIOR })], fixed).totalMinor).toBe(15800);
  });

  it('a discount larger than the fee stops at zero: junior 6000 - 7000 is cut to -6000', () => {
    const big: FamilyRules = { discount: { fromPosition: 2, adjustment: { type: 'fixed', amountMinor: -7000 } } };
    const quote = price([examplePerson({ id: 1 }), examplePerson({ id: 2, dateOfBirth: JUNIOR })], big);
    expect(quote.lines.find((l) => l.kind === 'family_discount')?.amountMinor).toBe(-6000);
    expect(quote.totalMinor).toBe(12300);
  });
});

describe('family cap on the membership fees', () => {
  const cap = (capMinor: number): FamilyRules => ({ capMinor });

  it('two adults over the cap: 24000 capped at 20000 (line -4000), total 20300', () => {
    const quote = price([examplePerson({ id: 1 }), examplePerson({ id: 2 })], cap(20000));
    expect(quote.lines.find((l) => l.kind === 'family_cap')).toEqual({
      personId: null,
      kind: 'family_cap',
      description: 'Family cap on membership fees',
      amountMinor: -4000,
      rule: 'family:cap',
    });
    expect(quote.totalMinor).toBe(20300);
  });

  it('under the cap: no line (24000 <= 24000)', () => {
    expect(price([examplePerson(), examplePerson()], cap(24000)).lines.some((l) => l.kind === 'family_cap')).toBe(false);
  });

  it('one person is never capped (12000 > 10000 but no family)', () => {
    expect(price([examplePerson()], cap(10000)).totalMinor).toBe(12300);
  });

  it('joining fees, options and the administration fee are not capped', () => {
    // two new adults with insurance: fees 24000 -> capped 20000; joining 2 * 2500; insurance 2 * 1200; admin 300
    // 20000 + 5000 + 2400 + 300 = 27700
    const persons = [1, 2].map((id) => examplePerson({ id, memberType: 'new', options: ['insurance'] }));
    expect(price(persons, cap(20000)).totalMinor).toBe(27700);
  });

  it('caps after the family discount', () => {
    // discount and cap together: 3 adults 36000 - 6000 = 30000, cap 28000 -> -2000; total 28300
    const quote = price([examplePerson(), examplePerson(), examplePerson()], { ...noCap, capMinor: 28000 });
    expect(quote.lines.find((l) => l.kind === 'family_cap')?.amountMinor).toBe(-2000);
    expect(quote.totalMinor).toBe(28300);
  });

  it('familyCapLine works on the membership fee sums alone', () => {
    expect(familyCapLine([11400, 11400, 2700, 3757], { capMinor: 28000 })?.amountMinor).toBe(-1257);
    expect(familyCapLine([11400, 11400], undefined)).toBeNull();
  });
});
