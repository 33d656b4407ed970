/**
 * Every message the file-reading module shows an operator, in one place. They are InputErrors:
 * the upload, not the server, is at fault, and the text goes to the operator as it is.
 */
import { InputError } from '@ems/schema';

const fail = (message: string, code?: string) => new InputError(message, code ? { code } : {});

/** Most columns one file may have: a wider file is no participant list, and its job answer would grow with it. */
export const MAX_COLUMNS = 1000;
/** Most characters a header row may hold in all: the header is part of every answer about the job. */
export const MAX_HEADER_CHARS = 64_000;
/** A sheet name quoted in a message is cut here (Excel allows 31 characters; a hostile file any number). */
const MAX_QUOTED_NAME = 100;

const quoted = (name: string) => `"${name.length > MAX_QUOTED_NAME ? `${name.slice(0, MAX_QUOTED_NAME)}…` : name}"`;

export const readErrors = {
  empty: () => fail('The file is empty'),
  noDataRows: () => fail('The file has a header row but no data rows'),
  sheetEmpty: (sheet: string) => fail(`The sheet ${quoted(sheet)} is empty`),
  tooManyRows: (maxRows: number) => fail(`The file has more than ${maxRows} data rows, the most one import may hold`),
  cellBeyondHeader: (row: number, column: number, headerLength: number) =>
    fail(
      `Row ${row} has a value in column ${column}, but the header row names only ${headerLength} columns ` +
        '(in a CSV file this usually means an unquoted delimiter inside a value)',
    ),
  notText: () => fail('The file is neither a CSV text file nor an XLSX workbook'),
  nulCharacter: (where: string) =>
    fail(`${where} contains a NUL character, which no text cell can hold (is part of the file binary data?)`),
  loneSurrogate: (where: string) =>
    fail(`${where} contains a broken character (half of a UTF-16 surrogate pair), which is not text`, 'INVALID_CHARACTERS'),
  tooManyColumns: (columns: number) =>
    fail(`The header row names ${columns} columns; an import reads at most ${MAX_COLUMNS}`, 'TOO_MANY_COLUMNS'),
  headerTooLong: () => fail(`The header row holds more than ${MAX_HEADER_CHARS} characters; shorten the column names`, 'HEADER_TOO_LONG'),
  legacyXls: () => fail('Old Excel .xls workbooks cannot be read; save the file as .xlsx or CSV'),
  unsupportedEncoding: () => fail('Unknown or unsupported text encoding; save the file as UTF-8 CSV'),
  notInChosenEncoding: (encoding: string) =>
    fail(`The file is not valid ${encoding} text: choose another encoding, or let the import detect it`),
  brokenQuoting: (row: number) => fail(`Broken CSV quoting near row ${row}`),
  rowTooLong: (row: number, maxChars: number) => fail(`Row ${row} is longer than ${maxChars} characters; a quote is probably not closed`),
  notXlsx: () => fail('The file is not a valid XLSX workbook', 'INVALID_XLSX'),
  xlsxTooLarge: () => fail('The workbook is too large to read', 'XLSX_TOO_LARGE'),
  sheetOutOfRange: (sheetIndex: number, sheetCount: number) =>
    fail(
      `Sheet index ${sheetIndex} does not exist: the workbook has ${sheetCount} sheet${sheetCount === 1 ? '' : 's'} (indexes start at 0)`,
    ),
  notAWorksheet: (sheet: string) => fail(`The sheet ${quoted(sheet)} holds no table (it is a chart or macro sheet)`),
};
