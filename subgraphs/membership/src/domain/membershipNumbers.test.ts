import { formatMembershipNumber, sequenceOfMembershipNumber } from './membershipNumbers';
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

describe('the sequence value behind a membership number', () => {
  const parts = { organisationSlug: 'riverside-ac', year: 2026 };

  it.each([
    ['{ORG}-{YYYY}-{SEQ:5}', 'RIVERSIDE-AC-2026-00042', 42],
    ['RAC-{YY}{SEQ:4}', 'RAC-260042', 42],
    ['RAC-{YYYY}-{SEQ:4}', 'RAC-2026-12345', 12345],
    ['{SEQ}', '7', 7],
    ['A{SEQ}-{SEQ}', 'A9-9', 9],
    ['M.{SEQ:2}', 'M.07', 7],
  ])('%s reads %s as %d', (pattern, number, sequence) => {
    expect(sequenceOfMembershipNumber(pattern, parts, number)).toBe(sequence);
  });

  it.each([
    ['RAC-{YYYY}-{SEQ:4}', 'RAC-2025-0042', 'another year'],
    ['RAC-{YYYY}-{SEQ:4}', 'RAC-2026-00042', 'padded wider than the pattern pads'],
    ['RAC-{YYYY}-{SEQ:4}', 'rac-2026-0042', 'another case'],
    ['RAC-{YYYY}-{SEQ:4}', 'RAC-2026-0000', 'zero is never handed out'],
    ['M.{SEQ:2}', 'MX07', 'a dot is a dot'],
    ['A{SEQ}-{SEQ}', 'A9-8', 'two different values'],
    ['{ORG}-{SEQ}', 'OLD-17', 'an earlier system’s own scheme'],
  ])('%s does not make %s (%s)', (pattern, number) => {
    expect(sequenceOfMembershipNumber(pattern, parts, number)).toBeNull();
  });
});
