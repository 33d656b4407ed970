import {
  countMembers,
  householdOfPerson,
  personSummary,
  searchMembers,
  type HouseholdRow,
  type OperatorMemberRow,
} from '../../data/operatorMembers';
import type { MembershipStatus } from '../../data/memberships';
import type { Db } from '../../data/db';
import { personIdsVisibleToOrganisations } from '../../data/scope';
import type { DataScope } from '../scope';
import { cursorId, optionalRowId, pageSize, rowId } from './ids';
import { ordersWithPayments, type OperatorOrderView } from './orders';

export interface MemberSearchInput {
  text?: string | null;
  periodId?: string | null;
  membershipTypeCode?: string | null;
  status?: MembershipStatus | null;
}

export interface OperatorMemberPageView {
  rows: OperatorMemberRow[];
  total: number;
  nextCursor: string | null;
}

/** The CSV export reads the whole filtered list in pages of this size. */
export const MAX_MEMBER_PAGE = 1000;

/**
 * `Query.operatorMembers`: the memberships in the periods of the organisations the caller
 * administers, searched and filtered, newest first. Nothing for anyone else; another
 * organisation's period id simply matches nothing.
 */
export async function operatorMembers(
  db: Db,
  scope: DataScope | null,
  args: { filter?: MemberSearchInput | null; first?: number | null; after?: string | null },
): Promise<OperatorMemberPageView> {
  if (!scope || scope.adminOrganisationIds.size === 0) return { rows: [], total: 0, nextCursor: null };
  const filter = args.filter ?? {};
  const query = {
    registrationSystemId: scope.registrationSystemId,
    organisationIds: [...scope.adminOrganisationIds],
    text: filter.text,
    periodId: optionalRowId(filter.periodId, 'periodId'),
    membershipTypeCode: filter.membershipTypeCode?.trim() || null,
    status: filter.status ?? null,
  };
  const limit = pageSize(args.first, 50, MAX_MEMBER_PAGE);
  const [rows, total] = await Promise.all([
    searchMembers(db, { ...query, beforeMembershipId: cursorId(args.after), limit: limit + 1 }),
    countMembers(db, query),
  ]);
  const page = rows.slice(0, limit);
  return { rows: page, total, nextCursor: rows.length > limit ? String(page[page.length - 1]!.membershipId) : null };
}

export interface OperatorPersonView {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  household: HouseholdRow[];
  memberships: OperatorMemberRow[];
  orders: OperatorOrderView[];
}

/**
 * `Query.operatorPerson`: a person connected to an organisation the caller administers (domain
 * scope's rule), with the household members the caller may see, the person's memberships in the
 * caller's organisations, and those organisations' orders for the person with their payments.
 * Null for anyone else (no existence leak).
 */
export async function operatorPerson(db: Db, scope: DataScope | null, idText: string): Promise<OperatorPersonView | null> {
  const id = rowId(idText, 'id');
  if (!scope || scope.adminOrganisationIds.size === 0) return null;
  const organisationIds = [...scope.adminOrganisationIds];
  const [visible] = await personIdsVisibleToOrganisations(db, scope.registrationSystemId, organisationIds, [id]);
  if (visible !== id) return null;
  const [memberships, household, orders] = await Promise.all([
    searchMembers(db, { registrationSystemId: scope.registrationSystemId, organisationIds, personId: id, limit: MAX_MEMBER_PAGE }),
    householdOfPerson(db, scope.registrationSystemId, id),
    ordersWithPayments(db, { organisationIds, personId: id, limit: 200 }),
  ]);
  const self = await personSummary(db, id);
  if (!self) return null;
  const seen = new Set(
    await personIdsVisibleToOrganisations(
      db,
      scope.registrationSystemId,
      organisationIds,
      household.map((h) => h.personId),
    ),
  );
  return { ...self, household: household.filter((h) => seen.has(h.personId)), memberships, orders };
}
