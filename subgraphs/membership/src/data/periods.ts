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
  /** The terms and conditions registrants of the period accept (null: none published). */
  termsUrl: string | null;
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
      'p.termsUrl',
    );
}

export async function periodById(db: Db, id: number): Promise<PeriodRow | null> {
  return (await periodQuery(db).where('p.id', id).first()) ?? null;
}

/**
 * A period with its organisation's active membership types, in one round trip: every registration
 * step reads both inside its transaction, and each round trip there holds a pooled connection.
 */
export async function periodWithActiveTypes(db: Db, id: number): Promise<{ period: PeriodRow; types: MembershipTypeRow[] } | null> {
  const row = (await periodQuery(db)
    .where('p.id', id)
    .select(
      db.raw(
        `coalesce((select json_agg(json_build_object('id', t.id, 'organisationId', t.organisation_id, 'code', t.code,
           'name', t.name, 'description', t.description, 'active', t.active) order by t.id)
         from membership.membership_types t where t.organisation_id = p.organisation_id and t.active), '[]'::json) as active_types`,
      ),
    )
    .first()) as (PeriodRow & { activeTypes: MembershipTypeRow[] }) | undefined;
  if (!row) return null;
  const { activeTypes, ...period } = row;
  return { period, types: activeTypes };
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

export async function membershipTypesByIds(db: Db, ids: readonly number[]): Promise<MembershipTypeRow[]> {
  return db('membership.membershipTypes')
    .whereIn('id', ids as number[])
    .select('id', 'organisationId', 'code', 'name', 'description', 'active');
}

/** The periods of the organisations, the latest first (a partner's list). */
export async function periodsOfOrganisations(db: Db, organisationIds: readonly number[]): Promise<PeriodRow[]> {
  return periodQuery(db)
    .whereIn('p.organisationId', organisationIds as number[])
    .orderBy([
      { column: 'p.startsOn', order: 'desc' },
      { column: 'p.id', order: 'asc' },
    ]);
}

/** Every membership type of the organisations, active or not, in id order. */
export async function membershipTypesOfOrganisations(db: Db, organisationIds: readonly number[]): Promise<MembershipTypeRow[]> {
  return db('membership.membershipTypes')
    .whereIn('organisationId', organisationIds as number[])
    .orderBy('id')
    .select('id', 'organisationId', 'code', 'name', 'description', 'active');
}
