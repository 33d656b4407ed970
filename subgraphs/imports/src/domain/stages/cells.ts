import { InputError } from '@ems/schema';
import type { Knex } from '@ems/db';
import type { ImportJobRecord } from '../../data/jobs';
import { distinctColumnValues } from '../../data/stagedRows';
import type { ForeignKeyResolver } from '../rowProcessor';
import { columnOfField, type ColumnsState } from './columns';

/**
 * The cells stage: every foreign-key column's distinct values are resolved once, in one query
 * per column, not per row. A value that matches exactly one record is resolved; one that matches
 * none or several is asked of the operator (CELLS_NEEDED), unless a remembered choice (the
 * template variant's, F10) answers it. Choosing "none" is allowed: those rows then fail with
 * FK_MISMATCH and the rest are imported.
 */

export interface CellChoice {
  fkType: string;
  value: string;
  /** The record chosen, or null: leave the rows unresolved (they fail with FK_MISMATCH). */
  targetId: number | null;
  /**
   * The chosen record's label, kept with a template variant: records such as an event's categories
   * differ from job to job, so a remembered choice is found again by its label ("W40"), not its id.
   */
  targetLabel?: string | null;
}

export interface UnresolvedValue {
  fkType: string;
  value: string;
  /** How many rows hold the value. */
  rows: number;
  /** The records it matched: none, or several (ambiguous). */
  matches: Array<{ id: number; label: string }>;
}

export interface CellsState {
  /** fkType -> value -> record id. */
  resolved: Record<string, Record<string, number>>;
  /** Values asked of the operator, with their answer once given. */
  asked: Array<UnresolvedValue & { choice?: { targetId: number | null } }>;
  /** What the operator may choose from, per fkType. */
  options: Record<string, Array<{ id: number; label: string }>>;
}

export async function matchCells(
  db: Knex,
  job: ImportJobRecord,
  columns: ColumnsState,
  resolvers: Readonly<Record<string, ForeignKeyResolver>>,
  fieldForeignKeys: ReadonlyArray<{ field: string; fkType: string }>,
  remembered: readonly CellChoice[],
): Promise<CellsState> {
  const state: CellsState = { resolved: {}, asked: [], options: {} };
  const columnIndex = columnOfField(columns);
  for (const { field, fkType } of fieldForeignKeys) {
    const column = columnIndex.get(field);
    const resolver = resolvers[fkType];
    if (column === undefined || !resolver) continue;
    const values = await distinctColumnValues(db, job.id, column);
    const rowsOf = new Map(values.map((v) => [v.value, v.rows]));
    const options = await resolver.choices(db, job);
    state.options[fkType] = options;
    const resolved = await resolver.resolve(
      db,
      job,
      values.map((v) => v.value),
    );
    const resolvedValues: Record<string, number> = {};
    state.resolved[fkType] = resolvedValues;
    for (const r of resolved) {
      const only = r.matches.length === 1 ? r.matches[0] : undefined;
      if (only) {
        resolvedValues[r.value] = only.id;
        continue;
      }
      const asked = { fkType, value: r.value, rows: rowsOf.get(r.value) ?? 0, matches: r.matches };
      const memory = remembered.find((c) => c.fkType === fkType && c.value === r.value);
      const target = memory ? rememberedTarget(memory, options) : undefined;
      state.asked.push(target === undefined ? asked : { ...asked, choice: { targetId: target } });
      if (target != null) resolvedValues[r.value] = target;
    }
  }
  return state;
}

/** A remembered answer in this job's terms: "none", a record with the same label, or undefined (ask again). */
function rememberedTarget(memory: CellChoice, options: ReadonlyArray<{ id: number; label: string }>): number | null | undefined {
  if (memory.targetId === null) return null;
  const found = memory.targetLabel ? options.find((o) => o.label === memory.targetLabel) : options.find((o) => o.id === memory.targetId);
  return found?.id;
}

export function cellsComplete(state: CellsState): boolean {
  return state.asked.every((a) => a.choice !== undefined);
}

/** The operator's answers in CELLS_NEEDED; every asked value must end up with an answer. */
export function applyCellChoices(state: CellsState, choices: readonly CellChoice[]): CellsState {
  const asked = state.asked.map((a) => ({ ...a }));
  const resolved = Object.fromEntries(Object.entries(state.resolved).map(([k, v]) => [k, { ...v }]));
  for (const c of choices) {
    const entry = asked.find((a) => a.fkType === c.fkType && a.value === c.value);
    if (!entry) throw new InputError(`"${c.value}" is not a ${c.fkType} value this import asks about`, { code: 'UNKNOWN_CELL_VALUE' });
    if (c.targetId !== null && !(state.options[c.fkType] ?? []).some((o) => o.id === c.targetId)) {
      throw new InputError(`${c.targetId} is not a ${c.fkType} you can choose`, { code: 'UNKNOWN_CELL_TARGET' });
    }
    entry.choice = { targetId: c.targetId };
    const values = resolved[c.fkType] ?? {};
    resolved[c.fkType] = values;
    if (c.targetId === null) delete values[c.value];
    else values[c.value] = c.targetId;
  }
  const next = { ...state, asked, resolved };
  const open = asked.filter((a) => a.choice === undefined);
  const first = open[0];
  if (first) {
    throw new InputError(`Choose a ${first.fkType} (or none) for: ${open.map((a) => `"${a.value}"`).join(', ')}`, {
      code: 'CELL_VALUES_OPEN',
    });
  }
  return next;
}

/** The answers worth remembering with the template variant. */
export function choicesToRemember(state: CellsState): CellChoice[] {
  return state.asked.flatMap((a) => {
    if (!a.choice) return [];
    const targetLabel = (state.options[a.fkType] ?? []).find((o) => o.id === a.choice?.targetId)?.label ?? null;
    return [{ fkType: a.fkType, value: a.value, targetId: a.choice.targetId, targetLabel }];
  });
}
