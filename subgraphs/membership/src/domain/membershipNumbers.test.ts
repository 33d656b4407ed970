import { formatMembershipNumber } from './membershipNumbers';
import { formatOrderReference, looksLikeOrderReference } from './orders/reference';

describe('membership number patterns', () => {
  const parts = { organisationSlug: 'riverside-ac', year: 2026, sequence: 42 };

  it.each([
    ['{ORG}-{YYYY}-{SEQ:5}', 'RIVERSIDE-AC-2026-00042'],
    ['RAC-{YY}{SEQ:4}', 'RAC-260042'],
    ['{SEQ}', '42'],
    ['M{SEQ:1}', 'M42'],
    ['{ORG}/{UNKNOWN}/{SEQ:3}', 'RIVERSIDE-AC/{UNKNOWN}/042'],
  ])('%s -> %s', (pattern, expected) => {
    expect(formatMembershipNumber(pattern, parts)).toBe(expected);
  });
});

describe('order references', () => {
  it('are ORD-<year>-<id, six digits or more> and look like references', () => {
    expect(formatOrderReference('2026-02-15', 123)).toBe('ORD-2026-000123');
    expect(formatOrderReference('2026-02-15', 12_345_678)).toBe('ORD-2026-12345678');
    expect(looksLikeOrderReference('ORD-2026-000123')).toBe(true);
    expect(looksLikeOrderReference('../etc')).toBe(false);
    expect(looksLikeOrderReference('ord-2026-000123')).toBe(false);
  });
});
