import { quoteOrder } from './engine';
import { examplePeriod, examplePerson } from './examplePeriod';
import type { MemberType } from './types';

const summary = (memberType: MemberType) => {
  const result = quoteOrder({ rules: examplePeriod(), persons: [examplePerson({ id: 1, memberType })], registrationDate: '2025-02-15' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return { lines: result.quote.lines.map((l) => [l.kind, l.amountMinor, l.rule]), total: result.quote.totalMinor };
};

describe('member type: new, renewal, transfer', () => {
  it('new: pays the joining fee (12000 + 2500 + admin 300 = 14800)', () => {
    expect(summary('new')).toEqual({
      lines: [
        ['membership_fee', 12000, 'base_fee:individual:adult'],
        ['joining_fee', 2500, 'member_type:new:joining_fee'],
        ['administration_fee', 300, 'administration_fee'],
      ],
      total: 14800,
    });
  });

  it('renewal: 5% off the base fee (12000 - 600 + 300 = 11700)', () => {
    expect(summary('renewal')).toEqual({
      lines: [
        ['membership_fee', 12000, 'base_fee:individual:adult'],
        ['member_type_adjustment', -600, 'member_type:renewal'],
        ['administration_fee', 300, 'administration_fee'],
      ],
      total: 11700,
    });
  });

  it('transfer: the joining fee is waived (12000 + 300 = 12300)', () => {
    expect(summary('transfer')).toEqual({
      lines: [
        ['membership_fee', 12000, 'base_fee:individual:adult'],
        ['administration_fee', 300, 'administration_fee'],
      ],
      total: 12300,
    });
  });

  it('adds, never compounds, with the timing adjustment: renewal early = 12000 - 1200 - 600 + 300 = 10500', () => {
    const result = quoteOrder({
      rules: examplePeriod(),
      persons: [examplePerson({ memberType: 'renewal' })],
      registrationDate: '2024-11-20',
    });
    expect(result.ok && result.quote.totalMinor).toBe(10500);
  });

  it('refuses an unknown member type', () => {
    const result = quoteOrder({
      rules: examplePeriod(),
      persons: [examplePerson({ id: 9, memberType: 'honorary' as MemberType })],
      registrationDate: '2025-02-15',
    });
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ code: 'UNKNOWN_MEMBER_TYPE', personId: 9 })] });
  });
});
