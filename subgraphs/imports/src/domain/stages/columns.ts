import { InputError } from '@ems/schema';
import { normaliseHeader, type FieldDefinition } from '../fields';

/**
 * The columns stage: which file column feeds which field. Auto-matching, in order: the template
 * variant's remembered choice for this header (F10), the field's name, its aliases (all compared
 * after `normaliseHeader`). A column that feeds nothing is ignored (F9) and listed on the summary.
 * The job waits for the operator (COLUMNS_NEEDED) while a required field has no column or two
 * columns feed the same field.
 */

export type MatchedBy = 'TEMPLATE' | 'NAME' | 'ALIAS' | 'OPERATOR' | 'CUSTOM' | 'NONE';

export interface ColumnMapping {
  /** 0-based position in the file. */
  column: number;
  header: string;
  /** The field it feeds (a field definition's name, or custom1..3), or null: ignored. */
  field: string | null;
  matchedBy: MatchedBy;
  /** Why a column that looks like a field is ignored (e.g. a self-only column in another system's file). */
  note?: string;
}

export interface ColumnsState {
  header: string[];
  mappings: ColumnMapping[];
  /** The template variant recognised from the header row or named on upload, if any. */
  templateVariantKey: string | null;
  missingRequired: string[];
  duplicates: Array<{ field: string; columns: number[] }>;
  /** CSV: the delimiter the file was read with (detected or chosen); its failed rows are written with it. */
  delimiter?: string | null;
}

export const CUSTOM_FIELDS = ['custom1', 'custom2', 'custom3'] as const;

export interface ColumnMode {
  /** The file's source system: none, this system's own export, or another system. */
  source: 'none' | 'self' | 'external';
}

function allowedInMode(field: FieldDefinition, mode: ColumnMode): string | null {
  if (field.selfOnly && mode.source !== 'self') return `${field.label} is only read from this system's own export`;
  if (field.externalOnly && mode.source !== 'external') return `${field.label} is only read from another system's file`;
  return null;
}

export interface AutoMatchInput {
  header: readonly string[];
  fields: readonly FieldDefinition[];
  mode: ColumnMode;
  /** The template variant's remembered mappings, by normalised header (key null: remembered from an earlier job). */
  template: { key: string | null; mappings: ReadonlyArray<{ header: string; field: string | null }> } | null;
  /** createCustom1..3: the header of the column kept as custom field N, if any. */
  customHeaders: readonly (string | null)[];
}

export function autoMatchColumns(input: AutoMatchInput): ColumnsState {
  const byName = new Map<string, FieldDefinition>();
  const byAlias = new Map<string, FieldDefinition>();
  for (const f of input.fields) {
    byName.set(normaliseHeader(f.name), f);
    byName.set(normaliseHeader(f.label), f);
    for (const a of f.aliases) if (!byAlias.has(normaliseHeader(a))) byAlias.set(normaliseHeader(a), f);
  }
  const remembered = new Map((input.template?.mappings ?? []).map((m) => [normaliseHeader(m.header), m.field]));
  const customByHeader = new Map<string, string>();
  input.customHeaders.forEach((h, i) => {
    const field = CUSTOM_FIELDS[i];
    if (h && h.trim() && field) customByHeader.set(normaliseHeader(h), field);
  });

  const mappings = input.header.map((header, column): ColumnMapping => {
    const key = normaliseHeader(header);
    const custom = customByHeader.get(key);
    if (custom) return { column, header, field: custom, matchedBy: 'CUSTOM' };
    if (remembered.has(key)) {
      const field = remembered.get(key) ?? null;
      if (field === null || isKnownField(field, input.fields)) return { column, header, field, matchedBy: 'TEMPLATE' };
    }
    const found = byName.get(key) ?? byAlias.get(key);
    if (!found) return { column, header, field: null, matchedBy: 'NONE' };
    const refused = allowedInMode(found, input.mode);
    if (refused) return { column, header, field: null, matchedBy: 'NONE', note: refused };
    return { column, header, field: found.name, matchedBy: byName.get(key) ? 'NAME' : 'ALIAS' };
  });
  const state = withProblems({ header: [...input.header], mappings, templateVariantKey: input.template?.key ?? null }, input.fields);
  const missingCustom = input.customHeaders.flatMap((h, i) =>
    h && h.trim() && !mappings.some((m) => m.field === CUSTOM_FIELDS[i]) ? [`${CUSTOM_FIELDS[i]} (column "${h}")`] : [],
  );
  return { ...state, missingRequired: [...state.missingRequired, ...missingCustom] };
}

function isKnownField(field: string, fields: readonly FieldDefinition[]): boolean {
  return fields.some((f) => f.name === field) || (CUSTOM_FIELDS as readonly string[]).includes(field);
}

function withProblems(state: Omit<ColumnsState, 'missingRequired' | 'duplicates'>, fields: readonly FieldDefinition[]): ColumnsState {
  const missingRequired = fields.filter((f) => f.required && !state.mappings.some((m) => m.field === f.name)).map((f) => f.name);
  const columnsByField = new Map<string, number[]>();
  for (const m of state.mappings) if (m.field) columnsByField.set(m.field, [...(columnsByField.get(m.field) ?? []), m.column]);
  const duplicates = [...columnsByField].filter(([, cols]) => cols.length > 1).map(([field, columns]) => ({ field, columns }));
  return { ...state, missingRequired, duplicates };
}

export function columnsComplete(state: ColumnsState): boolean {
  return state.missingRequired.length === 0 && state.duplicates.length === 0;
}

/**
 * The operator's answer in COLUMNS_NEEDED: a field (or null: ignore) for each column they name;
 * columns they do not name keep their mapping. The result must be complete.
 */
export function applyOperatorMappings(
  state: ColumnsState,
  choices: ReadonlyArray<{ column: number; field: string | null }>,
  fields: readonly FieldDefinition[],
  mode: ColumnMode,
): ColumnsState {
  const mappings = state.mappings.map((m) => ({ ...m }));
  for (const choice of choices) {
    const mapping = mappings[choice.column];
    if (!mapping)
      throw new InputError(`Column ${choice.column} is not in the file (it has ${mappings.length} columns)`, { code: 'UNKNOWN_COLUMN' });
    if (choice.field !== null) {
      if (!isKnownField(choice.field, fields)) throw new InputError(`Unknown field "${choice.field}"`, { code: 'UNKNOWN_FIELD' });
      const def = fields.find((f) => f.name === choice.field);
      const refused = def ? allowedInMode(def, mode) : null;
      if (refused) throw new InputError(refused, { code: 'FIELD_NOT_ALLOWED' });
    }
    mappings[choice.column] = {
      column: mapping.column,
      header: mapping.header,
      field: choice.field,
      matchedBy: choice.field ? 'OPERATOR' : 'NONE',
    };
  }
  const next = withProblems(
    { header: state.header, mappings, templateVariantKey: state.templateVariantKey, delimiter: state.delimiter },
    fields,
  );
  if (next.missingRequired.length > 0) {
    throw new InputError(`Required fields have no column: ${next.missingRequired.join(', ')}`, { code: 'REQUIRED_FIELD_UNMAPPED' });
  }
  const d = next.duplicates[0];
  if (d) {
    throw new InputError(`Columns ${d.columns.join(' and ')} both feed ${d.field}: choose one`, { code: 'DUPLICATE_FIELD' });
  }
  return next;
}

/** F9: the columns the import did not read, by header. */
export function ignoredColumns(state: ColumnsState): string[] {
  return state.mappings.filter((m) => m.field === null).map((m) => m.header);
}

/** Column index per mapped field. */
export function columnOfField(state: ColumnsState): Map<string, number> {
  return new Map(state.mappings.filter((m) => m.field !== null).map((m) => [m.field as string, m.column]));
}
