import { quoteOrder, repriceIfWindowClosed } from './engine';
import { examplePeriod, examplePerson } from './examplePeriod';
import type { PricingPerson, Quote } from './types';

const rules = examplePeriod();

function quote(persons: PricingPerson[], registrationDate: string): Quote {
  const result = quoteOrder({ rules, persons, registrationDate });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.quote;
}

const table = (q: Quote) => q.lines.map((l) => [l.personId, l.kind, l.amountMinor]);

describe('worked examples of docs/pricing.md', () => {
  it('example 1: a family of four with one child and one senior, renewing in the standard window', () => {
    const family = [
      examplePerson({ id: 1, dateOfBirth: '1980-05-10', memberType: 'renewal' }), // adult, position 1
      examplePerson({ id: 2, dateOfBirth: '1982-07-01', memberType: 'renewal' }), // adult, position 2
      examplePerson({ id: 3, dateOfBirth: '2015-03-03', memberType: 'renewal' }), // junior (9), position 4
      examplePerson({ id: 4, dateOfBirth: '1955-02-02', memberType: 'renewal' }), // senior (69), position 3
    ];
    const q = quote(family, '2025-02-15');
    expect(table(q)).toEqual([
      [1, 'membership_fee', 12000],
      [1, 'member_type_adjustment', -600], // 5% of 12000
      [2, 'membership_fee', 12000],
      [2, 'member_type_adjustment', -600],
      [3, 'membership_fee', 6000],
      [3, 'member_type_adjustment', -300], // 5% of 6000
      [3, 'family_discount', -3000], // position 4: 50% of 6000
      [4, 'membership_fee', 8350],
      [4, 'member_type_adjustment', -418], // 5% of 8350 = 417.5, half up 418
      [4, 'family_discount', -4175], // position 3: 50% of 8350
      [null, 'family_cap', -1257], // fees 11400 + 11400 + 2700 + 3757 = 29257, cap 28000
      [null, 'administration_fee', 300],
    ]);
    expect(q.totalMinor).toBe(28300); // 28000 + 300
    expect(q).toMatchObject({ currency: 'EUR', window: 'standard', pricedOn: '2025-02-15' });
  });

  describe('example 2: early bird against late, a new adult with the magazine', () => {
    const newcomer = [examplePerson({ id: 1, dateOfBirth: '1990-06-15', memberType: 'new', options: ['magazine'] })];

    it('early (2024-11-20): 12000 - 1200 + 2500 + 1800 + 300 = 15400', () => {
      const q = quote(newcomer, '2024-11-20');
      expect(table(q)).toEqual([
        [1, 'membership_fee', 12000],
        [1, 'timing_adjustment', -1200],
        [1, 'joining_fee', 2500],
        [null, 'magazine', 1800],
        [null, 'administration_fee', 300],
      ]);
      expect(q.totalMinor).toBe(15400);
    });

    it('late (2025-04-10): 12000 + 1500 + 2500 + 1800 + 300 = 18100', () => {
      const q = quote(newcomer, '2025-04-10');
      expect(table(q)).toEqual([
        [1, 'membership_fee', 12000],
        [1, 'timing_adjustment', 1500],
        [1, 'joining_fee', 2500],
        [null, 'magazine', 1800],
        [null, 'administration_fee', 300],
      ]);
      expect(q.totalMinor).toBe(18100);
    });
  });

  it('example 3: a senior renewing with insurance: 8350 - 418 + 1200 + 300 = 9432', () => {
    const q = quote([examplePerson({ id: 4, dateOfBirth: '1955-02-02', memberType: 'renewal', options: ['insurance'] })], '2025-02-15');
    expect(table(q)).toEqual([
      [4, 'membership_fee', 8350],
      [4, 'member_type_adjustment', -418],
      [4, 'insurance', 1200],
      [null, 'administration_fee', 300],
    ]);
    expect(q.totalMinor).toBe(9432);
  });
});

describe('administration fee per order', () => {
  it.each([1, 2, 4])('one line of 300 for %i person(s)', (count) => {
    const persons = Array.from({ length: count }, (_, index) => examplePerson({ id: index + 1 }));
    const q = quote(persons, '2025-02-15');
    expect(q.lines.filter((l) => l.kind === 'administration_fee')).toEqual([
      {
        personId: null,
        kind: 'administration_fee',
        description: 'Administration fee 3.00 EUR',
        amountMinor: 300,
        rule: 'administration_fee',
      },
    ]);
  });

  it('no line when the period has none (12000)', () => {
    const result = quoteOrder({
      rules: examplePeriod({ administrationFeeMinor: 0 }),
      persons: [examplePerson()],
      registrationDate: '2025-02-15',
    });
    expect(result.ok && result.quote.lines.map((l) => l.kind)).toEqual(['membership_fee']);
    expect(result.ok && result.quote.totalMinor).toBe(12000);
  });
});

describe('an unpaid early-bird price is honoured only while its window is open', () => {
  const early = quote([examplePerson({ id: 1, dateOfBirth: '1990-06-15', memberType: 'new', options: ['magazine'] })], '2024-11-20');

  it('window still open (2024-12-31): the same quote, unchanged', () => {
    expect(repriceIfWindowClosed(early, rules, '2024-12-31')).toEqual({ ok: true, changed: false, quote: early });
  });

  it('window closed (2025-01-05, standard): priced again, 12000 + 2500 + 1800 + 300 = 16600', () => {
    const result = repriceIfWindowClosed(early, rules, '2025-01-05');
    expect(result.ok && result.changed).toBe(true);
    expect(result.ok && result.quote.totalMinor).toBe(16600);
    expect(result.ok && result.quote.window).toBe('standard');
  });

  it('window closed but the new window prices the same: changed is false', () => {
    const flat = examplePeriod({
      timing: [
        { window: 'early', from: '2024-10-01', to: '2024-12-31' },
        { window: 'standard', from: '2025-01-01', to: '2025-03-31' },
      ],
    });
    const q = quoteOrder({ rules: flat, persons: early.persons, registrationDate: '2024-11-20' });
    if (!q.ok) throw new Error('not priced');
    const result = repriceIfWindowClosed(q.quote, flat, '2025-01-05');
    expect(result.ok && [result.changed, result.quote.pricedOn]).toEqual([false, '2025-01-05']);
  });

  it('every window closed (2025-07-01): registration closed', () => {
    expect(repriceIfWindowClosed(early, rules, '2025-07-01')).toEqual({
      ok: false,
      problems: [expect.objectContaining({ code: 'REGISTRATION_CLOSED' })],
    });
  });
});

describe('input the engine refuses, as values', () => {
  it.each([
    ['NO_PERSONS', [], '2025-02-15'],
    ['DUPLICATE_PERSON', [examplePerson({ id: 1 }), examplePerson({ id: 1 })], '2025-02-15'],
    ['UNKNOWN_MEMBERSHIP_TYPE', [examplePerson({ membershipTypeCode: 'gold' })], '2025-02-15'],
    ['INVALID_DATE', [examplePerson({ dateOfBirth: '1980-02-30' })], '2025-02-15'],
    ['INVALID_DATE', [examplePerson()], '15.02.2025'],
  ] as const)('%s', (code, persons, registrationDate) => {
    const result = quoteOrder({ rules, persons, registrationDate });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.code)).toContain(code);
  });

  it.each([
    ['overlapping windows', { timing: [...rules.timing, { window: 'late' as const, from: '2025-06-01', to: '2025-07-31' }] }],
    ['a percentage with three decimals', { memberTypes: { renewal: { adjustment: { type: 'percent' as const, percent: -5.125 } } } }],
    ['a fractional amount', { administrationFeeMinor: 2.5 }],
    ['a negative base fee', { baseFees: { individual: { adult: -1 } } }],
    ['a lower-case currency', { currency: 'eur' }],
  ])('INVALID_RULES: %s', (_name, overrides) => {
    const result = quoteOrder({ rules: examplePeriod(overrides), persons: [examplePerson()], registrationDate: '2025-02-15' });
    expect(result.ok === false && result.problems.every((p) => p.code === 'INVALID_RULES')).toBe(true);
  });
});

describe('every amount is an integer', () => {
  it('for the worked examples and a mixed order', () => {
    const q = quote(
      [
        examplePerson({ dateOfBirth: '1955-02-02', memberType: 'renewal', options: ['insurance', 'magazine'] }),
        examplePerson({ dateOfBirth: '2007-01-02', memberType: 'new' }),
        examplePerson({ dateOfBirth: '2015-03-03', memberType: 'renewal' }),
      ],
      '2024-12-01',
    );
    for (const line of q.lines) expect(Number.isSafeInteger(line.amountMinor)).toBe(true);
    expect(q.totalMinor).toBe(q.lines.reduce((sum, line) => sum + line.amountMinor, 0));
  });
});
