import type { Db } from './db';
import { dateText } from './db';

export interface PeriodRow {
  id: number;
  organisationId: number;
  registrationSystemId: number;
  name: string;
  startsOn: string;
  endsOn: string;
  registrationOpensOn: string;
  registrationClosesOn: string;
  status: 'open' | 'closed';
  pricingRules: unknown;
  previousPeriodId: number | null;
}

function periodQuery(db: Db) {
  return db('membership.membershipPeriods as p')
    .join('membership.organisations as o', 'o.id', 'p.organisationId')
    .select(
      'p.id',
      'p.organisationId',
      'o.registrationSystemId',
      'p.name',
      dateText(db, 'p.starts_on', 'starts_on'),
      dateText(db, 'p.ends_on', 'ends_on'),
      dateText(db, 'p.registration_opens_on', 'registration_opens_on'),
      dateText(db, 'p.registration_closes_on', 'registration_closes_on'),
      'p.status',
      'p.pricingRules',
      'p.previousPeriodId',
    );
}

export async function periodById(db: Db, id: number): Promise<PeriodRow | null> {
  return (await periodQuery(db).where('p.id', id).first()) ?? null;
}

export async function periodsByIds(db: Db, ids: readonly number[]): Promise<PeriodRow[]> {
  return periodQuery(db).whereIn('p.id', ids as number[]);
}

export interface MembershipTypeRow {
  id: number;
  organisationId: number;
  code: string;
  name: string;
  description: string | null;
  active: boolean;
}

export async function activeMembershipTypesOfOrganisation(db: Db, organisationId: number): Promise<MembershipTypeRow[]> {
  return db('membership.membershipTypes')
    .where({ organisationId, active: true })
    .orderBy('id')
    .select('id', 'organisationId', 'code', 'name', 'description', 'active');
}

export async function membershipTypesByIds(db: Db, ids: readonly number[]): Promise<MembershipTypeRow[]> {
  return db('membership.membershipTypes')
    .whereIn('id', ids as number[])
    .select('id', 'organisationId', 'code', 'name', 'description', 'active');
}
