import type { Knex } from '@ems/db';
import { createRiversideMember } from '../../support/members';

/**
 * `count` fresh members of the demo club, each with one adult person (themselves), so that every
 * member's registration takes exactly the same steps. Written straight to the database: creating
 * them is not what is measured.
 */
export async function createBenchMembers(knex: Knex, prefix: string, count: number): Promise<string[]> {
  const userKeys: string[] = [];
  for (let i = 1; i <= count; i++) {
    const number = String(i).padStart(5, '0');
    const userKey = `${prefix}.${number}`;
    await createRiversideMember(knex, userKey, [{ firstName: 'Bench', lastName: `${prefix} ${number}`, dateOfBirth: '1990-06-15' }]);
    userKeys.push(userKey);
  }
  return userKeys;
}

/** Paid orders and active memberships of the given members: the database's view of what the API answered. */
export async function paidRegistrations(
  knex: Knex,
  userKeys: readonly string[],
): Promise<{ paidOrders: number; activeMemberships: number }> {
  const row = (await knex('membership.accounts as a')
    .join('membership.linked_persons as lp', 'lp.accountId', 'a.id')
    .join('membership.memberships as m', 'm.personId', 'lp.personId')
    .join('membership.orders as o', 'o.id', 'm.orderId')
    .whereIn('a.externalUserId', [...userKeys])
    .first(
      knex.raw(`count(DISTINCT o.id) FILTER (WHERE o.status = 'paid') AS paid_orders`),
      knex.raw(`count(*) FILTER (WHERE m.status = 'active') AS active_memberships`),
    )) as { paidOrders: string; activeMemberships: string } | undefined;
  return { paidOrders: Number(row?.paidOrders ?? 0), activeMemberships: Number(row?.activeMemberships ?? 0) };
}
