export { openTable } from './openTable';
export { detectKind } from './detectKind';
export { xlsxSheetNames } from './readXlsx';
export { CSV_ENCODINGS } from './types';
export type { CsvChoice, CsvEncoding, FileKind, OpenedTable, ReadLimits, TableBatch, TableReadOptions } from './types';
export { DELIMITERS } from './sniffDelimiter';
