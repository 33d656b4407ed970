/**
 * One formatter for the dates members read (cards, messages, reasons): Intl formatters are costly
 * to make and cheap to use, so it is made once.
 */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** `31 December 2026`: a date as members of a European club read it, whatever the reader's locale. */
export function longDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}
