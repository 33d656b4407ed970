import type { PersonStatus } from '@ems/schema/rules';
import type { Db } from '../../data/db';
import type { MembershipRow } from '../../data/memberships';
import { registrationReads, type RegistrationReads } from './reads';

export interface PeriodPerson {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  relationship: string;
  status: PersonStatus;
}

/** Contract "Person status in the overview": active -> Registered, pending payment -> Pending Payment. */
export function personStatusOf(membership: Pick<MembershipRow, 'status'> | undefined): PersonStatus {
  if (membership?.status === 'active') return 'Registered';
  if (membership?.status === 'pending_payment') return 'Pending Payment';
  return 'Available';
}

/**
 * The account's linked persons with their status for the period, self first. `reads`: the
 * request's reads on `db`, when it needs the persons again; without it they are read afresh (after
 * an order was made or cancelled).
 */
export async function personsForPeriod(
  db: Db,
  accountId: number,
  periodId: number,
  reads: RegistrationReads = registrationReads(db),
): Promise<PeriodPerson[]> {
  const persons = await reads.linkedPersons(accountId, periodId);
  return persons.map((p) => ({
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    relationship: p.relationship,
    status: personStatusOf(p.membershipStatus === null ? undefined : { status: p.membershipStatus }),
  }));
}
