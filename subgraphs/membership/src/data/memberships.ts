import type { Db } from './db';
import { rawSet } from './sqlSets';

export type MembershipStatus = 'pending_payment' | 'active' | 'cancelled';
export type MemberType = 'new' | 'renewal' | 'transfer';

export interface MembershipRow {
  id: number;
  personId: number;
  periodId: number;
  membershipTypeId: number;
  orderId: number | null;
  status: MembershipStatus;
  memberType: MemberType;
  membershipNumber: string | null;
  details: Record<string, unknown>;
  activatedAt: Date | null;
}

const COLUMNS = [
  'id',
  'personId',
  'periodId',
  'membershipTypeId',
  'orderId',
  'status',
  'memberType',
  'membershipNumber',
  'details',
  'activatedAt',
] as const;

/** What registering persons for a period depends on besides the persons themselves. */
export interface RegistrationHistory {
  /** Their live memberships in the period (already registered or awaiting payment). */
  live: Array<Pick<MembershipRow, 'personId' | 'status' | 'orderId'>>;
  /** Those who were active members in the previous period (renewals). */
  activeInPrevious: number[];
}

/**
 * What registering `personIds` for a period needs to know, in one round trip: their live
 * memberships in the period (already registered or awaiting payment) and which of them were
 * active members in the previous period (renewals).
 */
export async function registrationHistory(
  db: Db,
  periodId: number,
  previousPeriodId: number | null,
  personIds: readonly number[],
): Promise<RegistrationHistory> {
  const rows: Array<Pick<MembershipRow, 'personId' | 'periodId' | 'status' | 'orderId'>> = await db('membership.memberships')
    .whereIn('personId', personIds as number[])
    .where((q) => {
      q.where({ periodId }).whereNot({ status: 'cancelled' });
      if (previousPeriodId !== null) q.orWhere({ periodId: previousPeriodId, status: 'active' });
    })
    .select('personId', 'periodId', 'status', 'orderId');
  return {
    live: rows.filter((m) => m.periodId === periodId).map(({ personId, status, orderId }) => ({ personId, status, orderId })),
    activeInPrevious: rows.filter((m) => m.periodId !== periodId).map((m) => m.personId),
  };
}

export interface NewMembership {
  personId: number;
  periodId: number;
  membershipTypeId: number;
  orderId: number;
  memberType: MemberType;
  details: Record<string, unknown>;
}

/** New memberships as stored: awaiting their order's payment (see insertOrderWithMemberships). */
export function pendingMembershipRows(rows: readonly NewMembership[]) {
  return rows.map((r) => ({ ...r, status: 'pending_payment' as const, details: JSON.stringify(r.details) }));
}

/** A membership that is active without an order of ours (see recordPastMembership). */
export async function insertActiveMembership(db: Db, row: Omit<NewMembership, 'orderId'> & { membershipNumber: string }): Promise<number> {
  const [inserted] = await db('membership.memberships')
    .insert({ ...row, orderId: null, status: 'active', details: JSON.stringify(row.details), activatedAt: db.fn.now() })
    .returning('id');
  return (inserted as { id: number }).id;
}

export async function membershipsByOrderIds(db: Db, orderIds: readonly number[]): Promise<MembershipRow[]> {
  return db('membership.memberships')
    .whereIn('orderId', orderIds as number[])
    .orderBy('id')
    .select(COLUMNS);
}

/** A membership awaiting payment, with what its confirmation e-mail says of it. */
export interface PendingActivation extends MembershipRow {
  personName: string;
  membershipTypeName: string;
}

/**
 * The order's memberships awaiting payment, locked until the transaction ends, in the order they
 * were created (the order's person order), with their persons' and types' names: all that
 * activating them and confirming it needs, in one round trip (settlement holds the order's lock
 * meanwhile).
 */
export async function lockPendingMembershipsOfOrder(db: Db, orderId: number): Promise<PendingActivation[]> {
  return db('membership.memberships as m')
    .join('membership.persons as p', 'p.id', 'm.personId')
    .join('membership.membershipTypes as t', 't.id', 'm.membershipTypeId')
    .where({ 'm.orderId': orderId, 'm.status': 'pending_payment' })
    .orderBy('m.id')
    .forUpdate('m')
    .select(...COLUMNS.map((c) => `m.${c}`), db.raw(`p.first_name || ' ' || p.last_name AS person_name`), 't.name as membershipTypeName');
}

/** Activates pending memberships with their numbers, all in one statement. */
export async function activateMemberships(db: Db, numbered: ReadonlyArray<{ id: number; membershipNumber: string }>): Promise<void> {
  if (numbered.length === 0) return;
  await rawSet(
    db,
    `UPDATE membership.memberships m
        SET status = 'active', membership_number = n.number, activated_at = now()
       FROM unnest(?::int[], ?::text[]) AS n(id, number)
      WHERE m.id = n.id AND m.status = 'pending_payment'`,
    [numbered.map((n) => n.id), numbered.map((n) => n.membershipNumber)],
  );
}

export async function cancelPendingMembershipsOfOrder(db: Db, orderId: number): Promise<number> {
  return db('membership.memberships')
    .where({ orderId, status: 'pending_payment' })
    .update({ status: 'cancelled', cancelledAt: db.fn.now() });
}
