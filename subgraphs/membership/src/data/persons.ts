import type { Db } from './db';
import { dateText } from './db';

export interface LinkedPersonDetails {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  relationship: string;
}

function linkedPersonsQuery(db: Db, accountId: number) {
  return db('membership.linkedPersons as l')
    .join('membership.persons as p', 'p.id', 'l.personId')
    .where('l.accountId', accountId)
    .orderBy('l.id')
    .select('p.id', 'p.firstName', 'p.lastName', dateText(db, 'p.date_of_birth', 'date_of_birth'), 'p.email', 'l.relationship');
}

/**
 * The persons an account may act for (LinkedPerson), in the order they were linked (self first),
 * each with the status of their live (not cancelled) membership in
 * the period, or null: one round trip for what every registration step shows.
 */
export async function linkedPersonsWithPeriodStatus(
  db: Db,
  accountId: number,
  periodId: number,
): Promise<Array<LinkedPersonDetails & { membershipStatus: string | null }>> {
  return linkedPersonsQuery(db, accountId).select(
    db.raw(
      `(select m.status from membership.memberships m
         where m.person_id = p.id and m.period_id = ? and m.status <> 'cancelled' order by m.id desc limit 1) as membership_status`,
      [periodId],
    ),
  );
}

/**
 * The given persons that are linked to the account, locked (`FOR UPDATE` of the person rows) so
 * that two registrations of the same person serialise and the second sees the first's membership.
 * Persons not linked to the account are simply missing from the answer.
 */
export async function lockLinkedPersons(db: Db, accountId: number, personIds: readonly number[]): Promise<LinkedPersonDetails[]> {
  return linkedPersonsQuery(db, accountId)
    .whereIn('p.id', personIds as number[])
    .clearOrder()
    .orderBy('p.id')
    .forUpdate('p');
}
