/**
 * Membership numbers are formatted with the organisation's pattern
 * (`organisations.membership_number_pattern`, default `{ORG}-{YYYY}-{SEQ:5}`). Tokens:
 *
 *   {ORG}    the organisation's slug in upper case (riverside-ac -> RIVERSIDE-AC)
 *   {YYYY}   the year the membership period starts; {YY} its last two digits
 *   {SEQ}    the organisation's sequence value; {SEQ:n} zero-padded to n digits (never cut)
 *
 * Anything else is copied as it is. The database refuses a pattern without a {SEQ} token, so two
 * numbers of one organisation always differ.
 */
export interface MembershipNumberParts {
  organisationSlug: string;
  /** Year the period starts, e.g. 2026. */
  year: number;
  sequence: number;
}

const TOKEN = /\{(ORG|YYYY|YY|SEQ)(?::(\d{1,2}))?\}/g;

export function formatMembershipNumber(pattern: string, parts: MembershipNumberParts): string {
  return pattern.replace(TOKEN, (_match, token: string, width: string | undefined) => {
    switch (token) {
      case 'ORG':
        return parts.organisationSlug.toUpperCase();
      case 'YYYY':
        return String(parts.year).padStart(4, '0');
      case 'YY':
        return String(parts.year % 100).padStart(2, '0');
      default:
        return String(parts.sequence).padStart(width ? Number(width) : 0, '0');
    }
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The sequence value a number would have been formatted from with this pattern for this
 * organisation and year, or null when the pattern could not have produced it. A number kept by
 * an import (moved from an earlier system) that the pattern could produce takes that value out
 * of the organisation's sequence: otherwise a later activation would be handed the same number.
 */
export function sequenceOfMembershipNumber(
  pattern: string,
  parts: Omit<MembershipNumberParts, 'sequence'>,
  membershipNumber: string,
): number | null {
  let seqGroups = 0;
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    source += escapeRegExp(pattern.slice(last, match.index));
    last = match.index + match[0].length;
    // Every {SEQ} token holds the same value: the first captures it, the others repeat it.
    if (match[1] === 'SEQ') source += seqGroups++ === 0 ? '(\\d{1,15})' : '\\1';
    else source += escapeRegExp(formatMembershipNumber(match[0], { ...parts, sequence: 0 }));
  }
  source += escapeRegExp(pattern.slice(last));
  const found = new RegExp(`^${source}$`).exec(membershipNumber);
  if (!found?.[1]) return null;
  const sequence = Number(found[1]);
  // Padding is part of the pattern: "00042" is not what {SEQ:4} makes of 42.
  return sequence > 0 && formatMembershipNumber(pattern, { ...parts, sequence }) === membershipNumber ? sequence : null;
}
