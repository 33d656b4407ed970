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
