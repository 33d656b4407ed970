import { isAcceptedText } from '@ems/schema/rules';
import type { MappedRow } from '../../domain/rowProcessor';
import { normaliseHeader } from '../../domain/fields';
import { failed, fkMismatch, type RowFailure } from '../../domain/rowResults';
import { isPlausibleEmail, parseDate, parseDateOrYear, parsePositiveInt } from '../../domain/values';
import type { Gate } from '../eventParticipants/gating';

/** A member row checked and typed, before its person is matched. */
export interface MemberRow {
  rowNo: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  personId: number | null;
  externalId: string | null;
  userKey: string | null;
  householdKey: string | null;
  periodId: number;
  membershipTypeId: number;
  status: 'active' | 'pending_payment';
  membershipNumber: string | null;
  /** YYYY-MM-DD, or only the year (YYYY). */
  memberSince: string | null;
}

/** The words a status cell may hold (folded like headers); an empty cell is active: a member list lists members. */
const STATUS_WORDS: Record<string, MemberRow['status']> = {
  active: 'active',
  paid: 'active',
  registered: 'active',
  member: 'active',
  aktiv: 'active',
  bezahlt: 'active',
  mitglied: 'active',
  // A "Paid" column (bezahlt: ja / nein).
  yes: 'active',
  ja: 'active',
  'awaiting payment': 'pending_payment',
  'pending payment': 'pending_payment',
  pending: 'pending_payment',
  unpaid: 'pending_payment',
  offen: 'pending_payment',
  unbezahlt: 'pending_payment',
  'zahlung ausstehend': 'pending_payment',
  no: 'pending_payment',
  nein: 'pending_payment',
};

/** The longest user key the admin service accepts on sign-in. */
export const USER_KEY_MAX = 256;
const MAX_TEXT = 256;
const MAX_NUMBER = 64;

/** A user key as sign-in takes it: trimmed, not empty, at most USER_KEY_MAX characters, no control characters. */
export function isUserKey(value: string): boolean {
  return value.length > 0 && value.length <= USER_KEY_MAX && value === value.trim() && isAcceptedText(value);
}

export interface MemberRowContext {
  gate: Gate;
  /** Resolved foreign-key values: fkType -> value -> id. */
  foreignKeys: Record<string, Record<string, number>>;
  /** The upload's periodId, for rows that name no period. */
  defaultPeriodId: number | null;
  today: string;
}

/** Checks one row's cells; a refusal is the row's failure, the other rows go on. */
export function readMemberRow(row: MappedRow, ctx: MemberRowContext): MemberRow | RowFailure {
  const v = (field: string) => (row.values[field] ?? '').trim();
  for (const value of Object.values(row.values)) {
    if (value && !isAcceptedText(value)) return failed('A cell contains control characters, which are not accepted');
    if (value && value.length > MAX_TEXT) return failed(`A cell is longer than ${MAX_TEXT} characters`);
  }
  const firstName = v('firstName');
  const lastName = v('lastName');
  if (!firstName) return failed('First name is empty');
  if (!lastName) return failed('Last name is empty');
  const date = (field: string, label: string): string | null | RowFailure => {
    if (!v(field)) return null;
    return parseDate(v(field)) ?? failed(`${label} "${v(field)}" is not a date (use YYYY-MM-DD or DD.MM.YYYY)`);
  };
  const dateOfBirth = date('dateOfBirth', 'Date of birth');
  if (typeof dateOfBirth === 'object' && dateOfBirth !== null) return dateOfBirth;
  // Clubs often know only the year someone joined: kept as the year (YYYY), compared at that precision.
  const since = v('memberSince');
  const memberSince = since ? parseDateOrYear(since) : null;
  if (since && memberSince === null) return failed(`Member since "${since}" is not a date or a year (use YYYY-MM-DD, DD.MM.YYYY or YYYY)`);
  const atPrecision = (day: string) => day.slice(0, memberSince?.length);
  if (memberSince && memberSince > atPrecision(ctx.today)) return failed(`Member since ${memberSince} is in the future`);
  if (memberSince && dateOfBirth && memberSince < atPrecision(dateOfBirth))
    return failed(`Member since ${memberSince} is before the date of birth`);
  const email = v('email') || null;
  if (email && !isPlausibleEmail(email)) return failed(`Email "${email}" is not an email address`);

  if (!v('membershipType')) return failed('Membership type is empty');
  const membershipTypeId = ctx.foreignKeys.membershipType?.[v('membershipType')];
  if (membershipTypeId === undefined) return fkMismatch('membershipType', v('membershipType'));
  let periodId = ctx.defaultPeriodId;
  if (v('period')) {
    const found = ctx.foreignKeys.period?.[v('period')];
    if (found === undefined) return fkMismatch('period', v('period'));
    periodId = found;
  }
  if (periodId === null) return failed('The row names no period and the upload gave no periodId');

  const statusCell = normaliseHeader(v('status'));
  const status = statusCell ? STATUS_WORDS[statusCell] : 'active';
  if (!status) return failed(`Status "${v('status')}" is not one of: active, awaiting payment`);
  const membershipNumber = v('membershipNumber') || null;
  if (membershipNumber && membershipNumber.length > MAX_NUMBER) return failed(`Membership number is longer than ${MAX_NUMBER} characters`);
  const userKey = v('userKey') || null;
  if (userKey && !isUserKey(userKey)) return failed(`User key "${userKey}" is not a user key the website could send`);

  let personId: number | null = null;
  if (ctx.gate.trustedKey === 'personId' && v('personId')) {
    personId = parsePositiveInt(v('personId'));
    if (personId === null) return failed(`Person ID "${v('personId')}" is not a number`);
  }
  return {
    rowNo: row.rowNo,
    firstName,
    lastName,
    dateOfBirth,
    email,
    personId,
    externalId: v('externalId') || null,
    userKey,
    householdKey: v('householdKey') || null,
    periodId,
    membershipTypeId,
    status,
    membershipNumber,
    memberSince,
  };
}

export function isRowFailure(value: MemberRow | RowFailure): value is RowFailure {
  return !('rowNo' in value);
}
