/**
 * The one length rule for the text a read is asked with (issue 37, "Hardening, round two"): a
 * member search, a reference, a user key, an action name, a date, a cursor. None of them needs
 * more than a few dozen characters, and each costs the database work per row in proportion to its
 * length (10,000 characters of member search took 27 s over 20,000 memberships). The runtime
 * applies it to every string a GraphQL query (not a mutation) takes, in the document and in
 * variables, at the router and in each subgraph, before anything runs; a REST filter in a query
 * string checks its value with the same function.
 *
 * Decisions the contract leaves open (docs/decisions.md, "Limits on reads"):
 * - 200 characters: four times the longest name or reference, as a search box would allow.
 * - Counted in characters (code points), as a person counts them, not UTF-16 units.
 * - Mutations are not covered: what they store has its own rules (answers, labels, pricing JSON).
 */
export const FILTER_TEXT_MAX_LENGTH = 200;

export const TEXT_TOO_LONG_CODE = 'TEXT_TOO_LONG';

export const TEXT_TOO_LONG_MESSAGE = `is longer than ${FILTER_TEXT_MAX_LENGTH} characters`;

/** Whether a filter's text is over the limit; only a string long in UTF-16 units is counted again by code point. */
export function isFilterTextTooLong(value: string): boolean {
  if (value.length <= FILTER_TEXT_MAX_LENGTH) return false;
  let characters = 0;
  for (const _ of value) {
    characters += 1;
    if (characters > FILTER_TEXT_MAX_LENGTH) return true;
  }
  return false;
}
