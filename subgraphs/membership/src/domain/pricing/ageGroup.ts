import { parseIsoDate } from './dates';
import type { AgeGroup, IsoDate } from './types';

/** Contract: adult 18+, junior under 18, senior 65+. */
export const ADULT_FROM_AGE = 18;
export const SENIOR_FROM_AGE = 65;

/**
 * Age in whole years on `onDate`. A person turns a year older on their birthday, so someone born
 * on the reference date's month and day already has the new age. Born on 29 February: in a year
 * without that day the birthday counts from 1 March.
 */
export function ageOn(dateOfBirth: IsoDate, onDate: IsoDate): number {
  const birth = parseIsoDate(dateOfBirth);
  const on = parseIsoDate(onDate);
  if (!birth || !on) throw new RangeError(`Not an ISO date: ${birth ? onDate : dateOfBirth}`);
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

export function ageGroupForAge(age: number): AgeGroup {
  if (age >= SENIOR_FROM_AGE) return 'senior';
  if (age >= ADULT_FROM_AGE) return 'adult';
  return 'junior';
}

/** The age group on the period's reference date. */
export function ageGroupOn(dateOfBirth: IsoDate, referenceDate: IsoDate): AgeGroup {
  return ageGroupForAge(ageOn(dateOfBirth, referenceDate));
}
