/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet opening a CSV takes a cell that begins
 * with `=`, `+`, `-`, `@`, a tab or a carriage return for a formula. Every cell of a file we hand
 * an operator to open (the failed rows, the member export) is written through `neutraliseCell`, which puts a single
 * quote in front of such a cell, so the spreadsheet shows it as text.
 *
 * The rule is reversible, so that a corrected failed-rows file, imported again as a corrections
 * job, reads back the values it was made from (`restoreCell`, applied to that upload only): a
 * value that already begins with quotes before such a character gets one quote more, and reading
 * back strips exactly one. So `-Smith` is written `'-Smith` and read `-Smith`, and `'=x` (a value
 * that really began with a quote) is written `''=x` and read `'=x`.
 */

const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value `neutraliseCell` was given; a cell it did not change comes back as it is. */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/**
 * One CSV record (RFC 4180: every value quoted, quotes doubled) of neutralised cells, for files
 * written outside a CSV library (the admin portal's member export); ends without the line break.
 */
export function csvRecord(values: ReadonlyArray<string | number | null | undefined>): string {
  return values.map((v) => `"${neutraliseCell(v == null ? '' : String(v)).replace(/"/g, '""')}"`).join(',');
}
