import { LOCALE } from './texts';

/** An ISO date (YYYY-MM-DD) for people, e.g. "3 March 2012"; the date itself, never shifted by time zone. */
export function formatDate(isoDate: string, locale: string = LOCALE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
