import { adjustmentAmount, clampToRemaining, describeAdjustment, sumMinor } from './money';
import type { FamilyRules, OrderLine } from './types';

export interface RankedFee {
  personId: number;
  baseMinor: number;
}

/**
 * Family position of each person (1-based): highest base fee first, ties in the order the persons
 * were given, so a "from the 3rd person" discount goes to the cheapest memberships.
 */
export function familyPositions(fees: readonly RankedFee[]): Map<number, number> {
  const ranked = fees.map((fee, index) => ({ ...fee, index })).sort((a, b) => b.baseMinor - a.baseMinor || a.index - b.index);
  return new Map(ranked.map((fee, rank) => [fee.personId, rank + 1]));
}

/** The family discount of one person's membership fee, or null below the discount position. */
export function familyDiscountLine(
  personId: number,
  position: number,
  family: FamilyRules | undefined,
  baseMinor: number,
  remainingMinor: number,
  currency: string,
): OrderLine | null {
  const discount = family?.discount;
  if (!discount || position < discount.fromPosition) return null;
  const amountMinor = clampToRemaining(adjustmentAmount(baseMinor, discount.adjustment), remainingMinor);
  if (amountMinor === 0) return null;
  return {
    personId,
    kind: 'family_discount',
    description: `Family discount, person ${position} ${describeAdjustment(discount.adjustment, currency)}`,
    amountMinor,
    rule: `family:from_position:${discount.fromPosition}`,
  };
}

/**
 * Caps the sum of the membership fees (each person's fee after timing, member-type and family
 * adjustments; joining fees, options and the administration fee are not capped). Applies only to
 * orders with two or more persons.
 */
export function familyCapLine(membershipFeesMinor: readonly number[], family: FamilyRules | undefined): OrderLine | null {
  const cap = family?.capMinor;
  if (cap === undefined || membershipFeesMinor.length < 2) return null;
  const total = sumMinor(membershipFeesMinor);
  if (total <= cap) return null;
  return {
    personId: null,
    kind: 'family_cap',
    description: 'Family cap on membership fees',
    amountMinor: cap - total,
    rule: 'family:cap',
  };
}
