/**
 * Ids a caller gives, checked before they reach a query: PostgreSQL refuses a malformed uuid or a
 * number beyond its `integer` columns with an error, which must be the caller's 400 or 404.
 */

/** The largest id of an `integer` (int4) column. */
export const MAX_ROW_ID = 2_147_483_647;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid in its canonical text form (8-4-4-4-12 hexadecimal digits). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
