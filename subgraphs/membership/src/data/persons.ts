import type { Db } from './db';
import { dateText } from './db';
import type { MembershipStatus, RegistrationHistory } from './memberships';

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

/** A linked person with what registering them for a period depends on. */
export interface LinkedPersonInPeriod extends LinkedPersonDetails {
  /** Their live (not cancelled) membership in the period: at most one (memberships_one_per_person_period). */
  membershipStatus: MembershipStatus | null;
  membershipOrderId: number | null;
  /** An active member in the period before (their registration is a renewal). */
  activeInPreviousPeriod: boolean;
}

/**
 * The persons an account may act for (LinkedPerson), in the order they were linked (self first),
 * each with their live membership in the period and whether they were active in the one before:
 * one round trip for what every registration step shows, prices and checks (see
 * historyOfLinkedPersons).
 */
export async function linkedPersonsInPeriod(db: Db, accountId: number, periodId: number): Promise<LinkedPersonInPeriod[]> {
  return linkedPersonsQuery(db, accountId)
    .leftJoin('membership.memberships as m', (on) =>
      on.on('m.personId', 'p.id').andOnVal('m.periodId', periodId).andOnVal('m.status', '<>', 'cancelled'),
    )
    .select('m.status as membershipStatus', 'm.orderId as membershipOrderId')
    .select(
      db.raw(
        `exists (select 1 from membership.membership_periods cur
                   join membership.memberships prev on prev.period_id = cur.previous_period_id
                  where cur.id = ? and prev.person_id = p.id and prev.status = 'active') as active_in_previous_period`,
        [periodId],
      ),
    );
}

/** registrationHistory's answer for persons read by linkedPersonsInPeriod (unlocked: for a price only shown). */
export function historyOfLinkedPersons(persons: readonly LinkedPersonInPeriod[]): RegistrationHistory {
  return {
    live: persons.flatMap((p) =>
      p.membershipStatus === null ? [] : [{ personId: p.id, status: p.membershipStatus, orderId: p.membershipOrderId }],
    ),
    activeInPrevious: persons.filter((p) => p.activeInPreviousPeriod).map((p) => p.id),
  };
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
