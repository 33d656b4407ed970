import type { StagedRow } from '../data/stagedRows';
import { columnOfField, CUSTOM_FIELDS, type ColumnsState } from './stages/columns';
import type { MappedRow } from './rowProcessor';

/** Turns staged rows into rows keyed by field, through the job's column mappings. */
export function rowMapper(columns: ColumnsState): (row: StagedRow) => MappedRow {
  const columnOf = columnOfField(columns);
  const fields = [...columnOf].filter(([field]) => !(CUSTOM_FIELDS as readonly string[]).includes(field));
  const custom = CUSTOM_FIELDS.map((f) => columnOf.get(f));
  return (row) => {
    const values: Record<string, string> = {};
    for (const [field, column] of fields) values[field] = row.cells[column] ?? '';
    return {
      rowNo: row.rowNo,
      values,
      custom: custom.map((c) => (c === undefined ? null : (row.cells[c] ?? ''))) as MappedRow['custom'],
    };
  };
}
