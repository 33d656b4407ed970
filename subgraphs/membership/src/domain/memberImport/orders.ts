import type { PeriodRow } from '../../data/periods';
import { quoteOrder, type PricingPerson, type Quote } from '../pricing';
import { pricingRulesOf } from '../registration/period';
import type { AcceptedRow, RowPlan } from './plan';
import type { MemberWrite } from './types';

/**
 * Memberships awaiting payment are ordered as an online registration orders them: one unpaid
 * order per paying account and period, priced by the pricing engine on the import's date (member
 * type, age group, timing window, family positions and cap, administration fee). A person the
 * engine cannot price is refused with its message and the order is priced again without them.
 */
export interface ImportedOrder {
  payerUserKey: string;
  periodId: number;
  /** The rows of the order, in file order. */
  keys: number[];
  quote: Quote;
}

export interface PricedOrders {
  orders: ImportedOrder[];
  /** Rows the engine refused: row key -> its message. */
  refused: Map<number, string>;
}

/** The rows that order a new membership awaiting payment, grouped by paying account and period. */
function pendingGroups(
  rows: readonly MemberWrite[],
  plans: readonly RowPlan[],
): Map<string, Array<{ row: MemberWrite; plan: AcceptedRow }>> {
  const groups = new Map<string, Array<{ row: MemberWrite; plan: AcceptedRow }>>();
  rows.forEach((row, i) => {
    const plan = plans[i];
    if (!plan || plan.rejected !== null || row.status !== 'pending_payment' || plan.existingMembershipId !== null) return;
    const groupKey = `${plan.payerUserKey}\u0000${row.periodId}`;
    groups.set(groupKey, [...(groups.get(groupKey) ?? []), { row, plan }]);
  });
  return groups;
}

/**
 * Prices every order; `personIdOf` names each row's person (the row key before the persons exist,
 * their ids afterwards: the engine's answer does not depend on the ids, only its lines carry them).
 */
export function priceImportedOrders(
  rows: readonly MemberWrite[],
  plans: readonly RowPlan[],
  periods: ReadonlyMap<number, PeriodRow>,
  today: string,
  personIdOf: (plan: AcceptedRow) => number,
): PricedOrders {
  const refused = new Map<number, string>();
  const orders: ImportedOrder[] = [];
  for (const group of pendingGroups(rows, plans).values()) {
    const first = group[0];
    if (!first) continue;
    const rules = pricingRulesOf(periods.get(first.row.periodId) as PeriodRow);
    let members = group;
    while (members.length > 0) {
      const persons: PricingPerson[] = members.map(({ plan }) => ({
        id: personIdOf(plan),
        dateOfBirth: plan.dateOfBirth,
        membershipTypeCode: plan.typeCode,
        memberType: plan.memberType,
        options: [],
      }));
      const priced = quoteOrder({ rules, persons, registrationDate: today });
      if (priced.ok) {
        orders.push({
          payerUserKey: first.plan.payerUserKey as string,
          periodId: first.row.periodId,
          keys: members.map((m) => m.row.key),
          quote: priced.quote,
        });
        break;
      }
      const personal = new Map(priced.problems.flatMap((p) => (p.personId === null ? [] : [[p.personId, p.message] as const])));
      // A problem of the whole order (no price window open today...), or one naming nobody here, refuses every row.
      const general =
        priced.problems.find((p) => p.personId === null) ??
        (members.some((m) => personal.has(personIdOf(m.plan))) ? undefined : priced.problems[0]);
      for (const m of members) {
        const message = general?.message ?? personal.get(personIdOf(m.plan));
        if (message) refused.set(m.row.key, message);
      }
      members = members.filter((m) => !refused.has(m.row.key));
    }
  }
  return { orders, refused };
}
