import { camelCaseRows } from '@ems/db';
import type { Db } from './db';
import type { MembershipStatus } from './memberships';
import { rawSet } from './sqlSets';
import { likeContains, WhereClauses } from './whereClauses';

/** One membership as the operator's member list shows it: the person, the period, the type, the account keys. */
export interface OperatorMemberRow {
  membershipId: number;
  personId: number;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  email: string | null;
  membershipNumber: string | null;
  status: MembershipStatus;
  memberType: string;
  periodId: number;
  periodName: string;
  organisationId: number;
  membershipTypeCode: string;
  membershipTypeName: string;
  /** The user keys of the accounts the person is linked to. */
  userKeys: string[];
}

export interface MemberSearchQuery {
  registrationSystemId: number;
  organisationIds: readonly number[];
  /** A name (first and last in either order, a part of one), a membership number or a user key. */
  text?: string | null;
  personId?: number | null;
  periodId?: number | null;
  membershipTypeCode?: string | null;
  status?: MembershipStatus | null;
  /** Keyset: memberships with a smaller id (newest first). */
  beforeMembershipId?: number | null;
  limit: number;
}

function conditions(q: MemberSearchQuery): WhereClauses {
  const where = new WhereClauses()
    .add('p.registration_system_id = ?', q.registrationSystemId)
    .add('mp.organisation_id = ANY(?::int[])', q.organisationIds);
  const text = q.text?.trim();
  if (text) {
    const like = likeContains(text);
    where.add(
      `(p.first_name || ' ' || p.last_name ILIKE ? OR p.last_name || ' ' || p.first_name ILIKE ?
        OR p.last_name || ', ' || p.first_name ILIKE ?
        OR strpos(p.norm_first_name || ' ' || p.norm_last_name, membership.normalise_name(?)) > 0
        OR strpos(p.norm_last_name || ' ' || p.norm_first_name, membership.normalise_name(?)) > 0
        OR lower(m.membership_number) = lower(?)
        OR EXISTS (SELECT 1 FROM membership.linked_persons l JOIN membership.accounts a ON a.id = l.account_id
                    WHERE l.person_id = p.id AND a.external_user_id = ?))`,
      like,
      like,
      like,
      // The names as person matching compares them (membership.normalise_name: no accents, ß as
      // ss): "Muller" finds Müller, "Celik" finds Çelik.
      text,
      text,
      text,
      text,
    );
  }
  if (q.personId != null) where.add('p.id = ?', q.personId);
  if (q.periodId != null) where.add('m.period_id = ?', q.periodId);
  if (q.membershipTypeCode) where.add('mt.code = ?', q.membershipTypeCode);
  if (q.status) where.add('m.status = ?', q.status);
  return where;
}

const FROM = `FROM membership.memberships m
  JOIN membership.persons p ON p.id = m.person_id
  JOIN membership.membership_periods mp ON mp.id = m.period_id
  JOIN membership.membership_types mt ON mt.id = m.membership_type_id`;

/** The organisations' memberships matching the search, newest first; one statement. */
export async function searchMembers(db: Db, q: MemberSearchQuery): Promise<OperatorMemberRow[]> {
  if (q.organisationIds.length === 0) return [];
  const where = conditions(q);
  const keyset = q.beforeMembershipId != null ? ' AND m.id < ?' : '';
  const result = await rawSet(
    db,
    `SELECT m.id AS membership_id, p.id AS person_id, p.first_name, p.last_name,
            to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.email,
            m.membership_number, m.status, m.member_type, m.period_id, mp.name AS period_name, mp.organisation_id,
            mt.code AS membership_type_code, mt.name AS membership_type_name,
            ARRAY(SELECT a.external_user_id FROM membership.linked_persons l JOIN membership.accounts a ON a.id = l.account_id
                   WHERE l.person_id = p.id ORDER BY a.id) AS user_keys
       ${FROM}
      WHERE ${where.sql}${keyset}
      ORDER BY m.id DESC
      LIMIT ?`,
    [...where.bindings, ...(q.beforeMembershipId != null ? [q.beforeMembershipId] : []), q.limit],
  );
  return camelCaseRows<OperatorMemberRow>(result);
}

/** How many memberships match the search (the list's total). */
export async function countMembers(db: Db, q: Omit<MemberSearchQuery, 'limit' | 'beforeMembershipId'>): Promise<number> {
  if (q.organisationIds.length === 0) return 0;
  const where = conditions({ ...q, limit: 0 });
  const result = await rawSet(db, `SELECT count(*)::int AS count ${FROM} WHERE ${where.sql}`, where.bindings);
  return camelCaseRows<{ count: number }>(result)[0]?.count ?? 0;
}

/** A person's household: everyone linked to the accounts the person is linked to (the person too), by account. */
export interface HouseholdRow {
  personId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  relationship: string;
  userKey: string;
}

export async function householdOfPerson(db: Db, registrationSystemId: number, personId: number): Promise<HouseholdRow[]> {
  const result = await rawSet(
    db,
    `SELECT p.id AS person_id, p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            l.relationship, a.external_user_id AS user_key
       FROM membership.linked_persons mine
       JOIN membership.accounts a ON a.id = mine.account_id AND a.registration_system_id = ?
       JOIN membership.linked_persons l ON l.account_id = a.id
       JOIN membership.persons p ON p.id = l.person_id
      WHERE mine.person_id = ?
      ORDER BY a.id, l.id`,
    [registrationSystemId, personId],
  );
  return camelCaseRows<HouseholdRow>(result);
}

export interface PersonSummaryRow {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

export async function personSummary(db: Db, id: number): Promise<PersonSummaryRow | null> {
  const row = await db('membership.persons')
    .where({ id })
    .first('id', 'firstName', 'lastName', db.raw(`to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth`), 'email');
  return (row as PersonSummaryRow | undefined) ?? null;
}
