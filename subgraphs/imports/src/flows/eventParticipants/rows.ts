import type { MappedRow } from '../../domain/rowProcessor';
import { cellFailure, failed, fkMismatch, type RowFailure } from '../../domain/rowResults';
import { isPlausibleEmail, parseDate, parsePositiveInt } from '../../domain/values';
import type { Gate } from './gating';

/** A participant row checked and typed, before persons are matched. */
export interface ParticipantRow {
  rowNo: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  bib: string | null;
  categoryId: number | null;
  personId: number | null;
  externalId: string | null;
  custom: [string | null, string | null, string | null];
}

/** Checks one row's cells; a refusal is the row's failure, the other rows go on. */
export function readParticipantRow(row: MappedRow, categories: Record<string, number>, gate: Gate): ParticipantRow | RowFailure {
  const v = (field: string) => (row.values[field] ?? '').trim();
  const refused = cellFailure([...Object.values(row.values), ...row.custom]);
  if (refused) return refused;
  const firstName = v('firstName');
  const lastName = v('lastName');
  if (!firstName) return failed('First name is empty');
  if (!lastName) return failed('Last name is empty');
  let dateOfBirth: string | null = null;
  if (v('dateOfBirth')) {
    dateOfBirth = parseDate(v('dateOfBirth'));
    if (!dateOfBirth) return failed(`Date of birth "${v('dateOfBirth')}" is not a date (use YYYY-MM-DD or DD.MM.YYYY)`);
  }
  const email = v('email') || null;
  if (email && !isPlausibleEmail(email)) return failed(`Email "${email}" is not an email address`);
  let categoryId: number | null = null;
  if (v('category')) {
    categoryId = categories[v('category')] ?? null;
    if (categoryId === null) return fkMismatch('category', v('category'));
  }
  let personId: number | null = null;
  if (gate.trustedKey === 'personId' && v('personId')) {
    personId = parsePositiveInt(v('personId'));
    if (personId === null) return failed(`Person ID "${v('personId')}" is not a number`);
  }
  const bib = v('bib') || null;
  if (bib && bib.length > 20) return failed(`Bib "${bib}" is longer than 20 characters`);
  return {
    rowNo: row.rowNo,
    firstName,
    lastName,
    dateOfBirth,
    email,
    bib,
    categoryId,
    personId,
    externalId: v('externalId') || null,
    custom: row.custom.map((c) => (c && c.trim() ? c.trim() : null)) as ParticipantRow['custom'],
  };
}

export function isFailure(value: ParticipantRow | RowFailure): value is RowFailure {
  return 'category' in value && 'description' in value && !('rowNo' in value);
}
