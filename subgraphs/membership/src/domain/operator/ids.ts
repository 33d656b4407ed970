import { InputError } from '@ems/schema';
import { MAX_ROW_ID } from '@ems/schema/rules';

/** A GraphQL ID the caller gave for a row id: a positive whole number, or INVALID_ID (never a 5xx). */
export function rowId(value: string, name: string): number {
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value) || id <= 0 || id > MAX_ROW_ID) {
    throw new InputError(`${name} is not a valid id`, { code: 'INVALID_ID' });
  }
  return id;
}

export function optionalRowId(value: string | null | undefined, name: string): number | null {
  return value == null || value === '' ? null : rowId(value, name);
}

/** A page size: the default when not given, at least 1, at most `max`. */
export function pageSize(first: number | null | undefined, fallback: number, max: number): number {
  return Math.min(Math.max(first ?? fallback, 1), max);
}

/** A keyset cursor (a row id) from `after`; anything else is INVALID_CURSOR. */
export function cursorId(after: string | null | undefined): number | null {
  if (after == null || after === '') return null;
  if (!/^\d{1,10}$/.test(after) || Number(after) > MAX_ROW_ID)
    throw new InputError('after is not a cursor of this list', { code: 'INVALID_CURSOR' });
  return Number(after);
}
