import type { Db } from '../../data/db';
import { activeMembershipTypes, periodChoices } from '../../data/memberImport';
import { rawSet } from '../../data/sqlSets';
import { camelCaseRows } from '@ems/db';
import type { MemberImportChoice } from './types';

/**
 * What a membership import may name: the operator's organisations, their periods and active
 * membership types (the cells stage's foreign keys). An organisation has a handful of each, so
 * a value is matched against the whole list in memory: one statement per call.
 */

export interface ImportOrganisation {
  id: number;
  registrationSystemId: number;
  name: string;
}

/** The organisations among `organisationIds` (the operator's), by id. */
export async function organisationsByIds(db: Db, organisationIds: readonly number[]): Promise<ImportOrganisation[]> {
  if (organisationIds.length === 0) return [];
  return camelCaseRows<ImportOrganisation>(
    await rawSet(db, `SELECT id, registration_system_id, name FROM membership.organisations WHERE id = ANY(?::int[]) ORDER BY id`, [
      organisationIds,
    ]),
  );
}

/** The period when it belongs to one of these organisations, else null (not found and not yours look the same). */
export async function periodForOperator(
  db: Db,
  periodId: number,
  organisationIds: readonly number[],
): Promise<{ id: number; organisationId: number; name: string } | null> {
  if (organisationIds.length === 0) return null;
  const [row] = camelCaseRows<{ id: number; organisationId: number; name: string }>(
    await rawSet(
      db,
      `SELECT id, organisation_id, name FROM membership.membership_periods WHERE id = ? AND organisation_id = ANY(?::int[])`,
      [periodId, organisationIds],
    ),
  );
  return row ?? null;
}

const fold = (value: string) => value.trim().toLowerCase();

function matchValues<T extends { id: number }>(
  values: readonly string[],
  records: readonly T[],
  keys: (record: T) => string[],
  label: (record: T) => string,
): Array<{ value: string; matches: MemberImportChoice[] }> {
  return values.map((value) => ({
    value,
    matches: records.filter((r) => keys(r).some((k) => fold(k) === fold(value))).map((r) => ({ id: r.id, label: label(r) })),
  }));
}

const periodLabel = (p: { name: string; startsOn: string }) => `${p.name} (from ${p.startsOn})`;
const typeLabel = (t: { code: string; name: string }) => `${t.name} (${t.code})`;

/** Each value with the organisation's periods it names: by name or by id (trimmed, case-insensitive). */
export async function resolvePeriodValues(
  db: Db,
  organisationId: number,
  values: readonly string[],
): Promise<Array<{ value: string; matches: MemberImportChoice[] }>> {
  if (values.length === 0) return [];
  return matchValues(values, await periodChoices(db, organisationId), (p) => [p.name, String(p.id)], periodLabel);
}

export async function organisationPeriods(db: Db, organisationId: number): Promise<MemberImportChoice[]> {
  return (await periodChoices(db, organisationId)).map((p) => ({ id: p.id, label: periodLabel(p) }));
}

/** Each value with the organisation's active membership types it names: by code or name (trimmed, case-insensitive). */
export async function resolveMembershipTypeValues(
  db: Db,
  organisationId: number,
  values: readonly string[],
): Promise<Array<{ value: string; matches: MemberImportChoice[] }>> {
  if (values.length === 0) return [];
  return matchValues(values, await activeMembershipTypes(db, organisationId), (t) => [t.code, t.name], typeLabel);
}

export async function organisationMembershipTypes(db: Db, organisationId: number): Promise<MemberImportChoice[]> {
  return (await activeMembershipTypes(db, organisationId)).map((t) => ({ id: t.id, label: typeLabel(t) }));
}
