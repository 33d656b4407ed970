/**
 * What an XLSX cell's value reads as, in the words an operator would type into a CSV. exceljs
 * hands out numbers, strings, booleans, Dates (for date-formatted cells), rich text, formulas
 * with their cached result, hyperlinks and error values.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * exceljs builds a Date whose UTC parts are the wall-clock time in the cell: Excel has no time
 * zones. So the UTC parts are read back, never local ones. Seconds are rounded: serial numbers
 * carry float noise below a millisecond. A date-time before 1900 is Excel's "time only" value.
 */
export function excelDateText(date: Date): string {
  const rounded = new Date(Math.round(date.getTime() / 1000) * 1000);
  const day = `${pad(rounded.getUTCFullYear(), 4)}-${pad(rounded.getUTCMonth() + 1)}-${pad(rounded.getUTCDate())}`;
  const time = `${pad(rounded.getUTCHours())}:${pad(rounded.getUTCMinutes())}:${pad(rounded.getUTCSeconds())}`;
  if (rounded.getUTCFullYear() < 1900) return time;
  return time === '00:00:00' ? day : `${day}T${time}`;
}

/** Excel keeps 15 significant digits; past that a double only adds noise (0.1 + 0.2 -> 0.3). */
export function excelNumberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toPrecision(15)));
}

/** exceljs's test: a number format with a date or time part (bracketed and quoted parts aside). */
export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  return /[ymdhsb]/i.test(numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Excel's serial day number as exceljs converts it (1900 system: day 25569 is 1970-01-01). */
export function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));
}

export interface CellContext {
  numFmt?: string;
  date1904: boolean;
}

export function cellText(value: unknown, context: CellContext): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    // A formula's cached result in a date-formatted cell stays a serial number in exceljs.
    return isDateFormat(context.numFmt) ? excelDateText(serialToDate(value, context.date1904)) : excelNumberText(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : excelDateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: string }>).map((run) => run.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText(v.result, context);
    if ('hyperlink' in v || 'text' in v) return cellText(v.text, context);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}
