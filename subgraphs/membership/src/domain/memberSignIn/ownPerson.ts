import { ConflictError, InputError } from '@ems/schema';
import type { Knex } from '@ems/db';
import type { Db } from '../../data/db';
import { findOwnPerson, insertOwnPerson, type OwnPersonRow } from '../../data/memberAccounts';
import { isIsoDate } from '../pricing/dates';

export interface OwnPersonInput {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
}

/** The earliest date of birth accepted (a typo such as 0984 is refused, not stored). */
const EARLIEST_BIRTH = '1900-01-01';

/** The date of birth rules: a real calendar date, not in the future, not before 1900. */
function checkDateOfBirth(value: string, today: string): string | null {
  if (!isIsoDate(value)) return 'must be a date (YYYY-MM-DD)';
  if (value > today) return 'must not be in the future';
  if (value < EARLIEST_BIRTH) return `must not be before ${EARLIEST_BIRTH}`;
  return null;
}

export function ownPerson(db: Db, accountId: number): Promise<OwnPersonRow | null> {
  return findOwnPerson(db, accountId);
}

/**
 * The member's own details (contract rule 12): an account made by an anonymous registration or a
 * first OpenID sign-in has no person yet; the member enters their name, date of birth and e-mail
 * before the person overview. Once only: an account that has its own person is refused.
 */
export async function createOwnPerson(db: Knex, accountId: number, input: OwnPersonInput, today: string): Promise<OwnPersonRow> {
  const problem = checkDateOfBirth(input.dateOfBirth, today);
  if (problem) throw new InputError(`dateOfBirth ${problem}`, { code: 'INVALID_DATE_OF_BIRTH' });
  const person = await db.transaction(async (trx) => {
    const created = await insertOwnPerson(trx, accountId, input);
    if (created === null) throw new ConflictError('Your own details are already recorded', { code: 'OWN_PERSON_EXISTS' });
    return findOwnPerson(trx, accountId);
  });
  if (!person) throw new Error('own person vanished');
  return person;
}
