import { LOCALE } from './texts';

/** Under this age a person's consent is given by the adult registering them. */
export const ADULT_AGE = 18;

/** Whether someone born on `isoDate` is under ADULT_AGE on `today` (both YYYY-MM-DD). */
export function isMinor(isoDate: string | null | undefined, today: string): boolean {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age < ADULT_AGE;
}

/** Today's date in UTC, YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** An ISO date (YYYY-MM-DD) for people, e.g. "3 March 2012"; the date itself, never shifted by time zone. */
export function formatDate(isoDate: string, locale: string = LOCALE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
