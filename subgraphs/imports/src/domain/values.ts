/**
 * Cell values as the flows need them. Dates in the forms clubs' files hold: ISO (`1990-04-23`,
 * also with a time part from an XLSX date-time), German/European day-first (`23.04.1990`,
 * `23/04/1990`, `23-04-1990`, one-digit day and month allowed). A day-first reading is the rule
 * for slashes: the clubs are European (docs/decisions.md, "Dates in files").
 */
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
/** The years a date in a club's file may have. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

export function parseDate(raw: string): string | null {
  const value = raw.trim();
  let y: number, m: number, d: number;
  const iso = ISO.exec(value);
  const dayFirst = iso ? null : DAY_FIRST.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [d, m, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return null;
  if (y < FIRST_YEAR || y > LAST_YEAR) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A date, or only its year (`2015`, as clubs often know when someone joined): `YYYY-MM-DD` or `YYYY`. */
export function parseDateOrYear(raw: string): string | null {
  const value = raw.trim();
  if (!/^\d{4}$/.test(value)) return parseDate(value);
  const y = Number(value);
  return y >= FIRST_YEAR && y <= LAST_YEAR ? value : null;
}

export function parsePositiveInt(raw: string): number | null {
  const value = raw.trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A plausible email address (one @, something on both sides, no spaces): anything stricter refuses real addresses. */
export function isPlausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
