import { camelCaseRows, readSyncPage, type SyncPageRows } from '@ems/db';
import type { SyncPosition } from '@ems/schema';
import type { Db } from './db';
import type { MembershipStatus, MemberType } from './memberships';
import { rawSet } from './sqlSets';

/**
 * What a partner reads about members (docs/partner-api.md): persons of its registration system
 * holding a membership (any status) in a period of one of its organisations, their memberships
 * there and their household links. Every function is one statement for a whole page.
 */

export interface MemberRow {
  id: number;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MemberFilter {
  registrationSystemId: number;
  /** The partner's organisations (or the one asked for); never empty here. */
  organisationIds: readonly number[];
  periodId: number | null;
  statuses: readonly MembershipStatus[] | null;
  updatedSince: Date | null;
}

const MEMBER_COLUMNS = `t.id, t.first_name, t.last_name, to_char(t.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, t.email, t.created_at, t.updated_at`;

/**
 * A membership in one of the organisations (and the filter's period and statuses): what makes a
 * person a member here. Wrapped in a scalar subquery so that it stays a probe per person: a bare
 * EXISTS is flattened into a semi-join that reads every member of the organisations for each page
 * (57 ms a page at 20,000 members, growing with the club) instead of walking the sync index (2 ms
 * a page at 100,000).
 */
function membershipCondition(filter: Pick<MemberFilter, 'organisationIds' | 'periodId' | 'statuses'>): {
  sql: string;
  bindings: unknown[];
} {
  let sql = `(SELECT EXISTS (SELECT 1 FROM membership.memberships m JOIN membership.membership_periods mp ON mp.id = m.period_id
                      WHERE m.person_id = t.id AND mp.organisation_id = ANY(?::int[])`;
  const bindings: unknown[] = [filter.organisationIds];
  if (filter.periodId !== null) {
    sql += ' AND m.period_id = ?';
    bindings.push(filter.periodId);
  }
  if (filter.statuses !== null) {
    sql += ' AND m.status = ANY(?::text[])';
    bindings.push(filter.statuses);
  }
  return { sql: `${sql}))`, bindings };
}

export async function memberPage(db: Db, filter: MemberFilter, after: SyncPosition, limit: number): Promise<SyncPageRows<MemberRow>> {
  return readSyncPage<MemberRow>(db, {
    from: 'membership.persons t',
    columns: MEMBER_COLUMNS,
    where: [
      { sql: 't.registration_system_id = ?', bindings: [filter.registrationSystemId] },
      ...(filter.updatedSince ? [{ sql: 't.updated_at >= ?', bindings: [filter.updatedSince] }] : []),
      // Uncorrelated: checked once, so a period of another organisation ends the read at once.
      ...(filter.periodId !== null
        ? [
            {
              sql: 'EXISTS (SELECT 1 FROM membership.membership_periods WHERE id = ? AND organisation_id = ANY(?::int[]))',
              bindings: [filter.periodId, filter.organisationIds],
            },
          ]
        : []),
      membershipCondition(filter),
    ],
    keyType: 'int',
    after,
    limit,
  });
}

/** The members among `ids` (others are not there for this partner). */
export async function membersByIds(
  db: Db,
  registrationSystemId: number,
  organisationIds: readonly number[],
  ids: readonly number[],
): Promise<MemberRow[]> {
  const member = membershipCondition({ organisationIds, periodId: null, statuses: null });
  return camelCaseRows<MemberRow>(
    await rawSet(
      db,
      `SELECT ${MEMBER_COLUMNS} FROM membership.persons t
        WHERE t.id = ANY(?::int[]) AND t.registration_system_id = ? AND ${member.sql}`,
      [ids, registrationSystemId, ...member.bindings],
    ),
  );
}

export interface MemberMembershipRow {
  id: number;
  personId: number;
  periodId: number;
  organisationId: number;
  membershipTypeCode: string;
  membershipTypeName: string;
  status: MembershipStatus;
  memberType: MemberType;
  membershipNumber: string | null;
  orderId: number | null;
  createdAt: Date;
  activatedAt: Date | null;
  cancelledAt: Date | null;
}

function membershipsWhere(db: Db, where: string, organisationIds: readonly number[], ids: readonly number[]) {
  return rawSet(
    db,
    `SELECT m.id, m.person_id, m.period_id, mp.organisation_id, mt.code AS membership_type_code, mt.name AS membership_type_name,
            m.status, m.member_type, m.membership_number, m.order_id, m.created_at, m.activated_at, m.cancelled_at
       FROM membership.memberships m
       JOIN membership.membership_periods mp ON mp.id = m.period_id
       JOIN membership.membership_types mt ON mt.id = m.membership_type_id
      WHERE ${where} AND mp.organisation_id = ANY(?::int[])
      ORDER BY mp.starts_on DESC, m.id`,
    [ids, organisationIds],
  );
}

/** Each member's memberships in the organisations, the latest period first. */
export async function membershipsOfMembers(
  db: Db,
  organisationIds: readonly number[],
  personIds: readonly number[],
): Promise<MemberMembershipRow[]> {
  return camelCaseRows<MemberMembershipRow>(await membershipsWhere(db, 'm.person_id = ANY(?::int[])', organisationIds, personIds));
}

/** The memberships each order registered (orders of the organisations only). */
export async function membershipsOfOrders(
  db: Db,
  organisationIds: readonly number[],
  orderIds: readonly number[],
): Promise<MemberMembershipRow[]> {
  return camelCaseRows<MemberMembershipRow>(await membershipsWhere(db, 'm.order_id = ANY(?::int[])', organisationIds, orderIds));
}

/** One link of a household (the persons one account registers) as a member of it sees it. */
export interface HouseholdLinkRow {
  /** The member whose links these are. */
  personId: number;
  /** The account that links the household's persons. */
  householdId: number;
  /** A member of the household (the member themself included). */
  memberId: number;
  /** How that member stands to the account holder: self, partner, child, ... */
  relationship: string;
}

/** The households of each member, with only those of their persons who are members here too (an id always names something the partner can read). */
export async function householdLinksOfMembers(
  db: Db,
  organisationIds: readonly number[],
  personIds: readonly number[],
): Promise<HouseholdLinkRow[]> {
  const member = membershipCondition({ organisationIds, periodId: null, statuses: null });
  return camelCaseRows<HouseholdLinkRow>(
    await rawSet(
      db,
      `SELECT mine.person_id, l.account_id AS household_id, l.person_id AS member_id, l.relationship
         FROM membership.linked_persons mine
         JOIN membership.linked_persons l ON l.account_id = mine.account_id
         JOIN membership.persons t ON t.id = l.person_id
        WHERE mine.person_id = ANY(?::int[]) AND ${member.sql}
        ORDER BY mine.person_id, l.account_id, l.id`,
      [personIds, ...member.bindings],
    ),
  );
}
