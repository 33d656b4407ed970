import type { AppliesTo } from '../data/rows';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(date);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/**
 * Age in whole years on `onDate`, the same reckoning as the pricing engine (docs/pricing.md):
 * someone whose birthday is on `onDate` already has the new age. Null when a date is unreadable.
 */
export function ageOn(dateOfBirth: string, onDate: string): number | null {
  const birth = parts(dateOfBirth);
  const on = parts(onDate);
  if (!birth || !on) return null;
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * Whether a step is hidden for a person (FormPersonDTO.hide): the step applies only to ages
 * [minAge, maxAge] on the reference date. A person without a known date of birth is shown the
 * step: asking once too often is better than silently skipping a required question.
 */
export function isHidden(appliesTo: AppliesTo | null, dateOfBirth: string | null, referenceDate: string): boolean {
  if (!appliesTo || !dateOfBirth) return false;
  const age = ageOn(dateOfBirth.slice(0, 10), referenceDate);
  if (age === null) return false;
  if (appliesTo.minAge !== undefined && age < appliesTo.minAge) return true;
  if (appliesTo.maxAge !== undefined && age > appliesTo.maxAge) return true;
  return false;
}
