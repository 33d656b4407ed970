export { openTable } from './openTable';
export type { FileKind, OpenedTable, TableBatch, TableReadOptions } from './types';
