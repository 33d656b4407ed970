import type { Db } from './db';
import { dateText } from './db';
import type { MembershipStatus } from './memberships';

/** What a membership card shows and the check of its QR code answers. */
export interface MembershipCardRow {
  membershipId: number;
  cardToken: string;
  status: MembershipStatus;
  membershipNumber: string | null;
  personId: number;
  firstName: string;
  lastName: string;
  membershipType: string;
  organisationId: number;
  organisationName: string;
  periodName: string;
  startsOn: string;
  endsOn: string;
}

function cardQuery(db: Db) {
  return db('membership.memberships as m')
    .join('membership.persons as p', 'p.id', 'm.personId')
    .join('membership.membershipTypes as t', 't.id', 'm.membershipTypeId')
    .join('membership.membershipPeriods as pe', 'pe.id', 'm.periodId')
    .join('membership.organisations as o', 'o.id', 'pe.organisationId')
    .select(
      'm.id as membershipId',
      'm.cardToken',
      'm.status',
      'm.membershipNumber',
      'p.id as personId',
      'p.firstName',
      'p.lastName',
      't.name as membershipType',
      'o.id as organisationId',
      'o.name as organisationName',
      'pe.name as periodName',
      dateText(db, 'pe.starts_on', 'starts_on'),
      dateText(db, 'pe.ends_on', 'ends_on'),
    );
}

export async function membershipCardsByIds(db: Db, membershipIds: readonly number[]): Promise<MembershipCardRow[]> {
  return cardQuery(db)
    .whereIn('m.id', membershipIds as number[])
    .orderBy('m.id');
}

/** The card whose QR code carries `token` (a UUID; the caller checks the format). */
export async function membershipCardByToken(db: Db, token: string): Promise<MembershipCardRow | null> {
  return (await cardQuery(db).where('m.cardToken', token).first()) ?? null;
}
