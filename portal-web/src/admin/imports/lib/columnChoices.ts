/**
 * The columns stage's live check, the same rule the server applies on submit (docs/imports.md,
 * "Columns"): every required field needs a column, and no field may be fed by two columns. The
 * server stays the judge; this only says what is wrong before the operator submits.
 */
export interface FieldOption {
  name: string;
  label: string;
  required: boolean;
}

export interface ColumnsProblems {
  missing: FieldOption[];
  duplicates: FieldOption[];
}

export function columnsProblems(fields: readonly FieldOption[], chosen: ReadonlyArray<string | null>): ColumnsProblems {
  const counts = new Map<string, number>();
  for (const field of chosen) if (field) counts.set(field, (counts.get(field) ?? 0) + 1);
  return {
    missing: fields.filter((f) => f.required && !counts.has(f.name)),
    duplicates: fields.filter((f) => (counts.get(f.name) ?? 0) > 1),
  };
}
