import { adjustmentAmount, clampToRemaining, describeAdjustment, formatMinor } from './money';
import type { MemberType, MemberTypeRule, OrderLine } from './types';

const LABELS: Record<MemberType, string> = { new: 'New member', renewal: 'Renewal', transfer: 'Transfer' };

/** The member-type change to one person's membership fee (e.g. a renewal discount), or null. */
export function memberTypeAdjustmentLine(
  personId: number,
  memberType: MemberType,
  rule: MemberTypeRule | undefined,
  baseMinor: number,
  remainingMinor: number,
  currency: string,
): OrderLine | null {
  if (!rule?.adjustment) return null;
  const amountMinor = clampToRemaining(adjustmentAmount(baseMinor, rule.adjustment), remainingMinor);
  if (amountMinor === 0) return null;
  return {
    personId,
    kind: 'member_type_adjustment',
    description: `${LABELS[memberType]} ${describeAdjustment(rule.adjustment, currency)}`,
    amountMinor,
    rule: `member_type:${memberType}`,
  };
}

/** The one-off joining fee of one person; none when the member type has none or it is waived (0). */
export function joiningFeeLine(
  personId: number,
  memberType: MemberType,
  rule: MemberTypeRule | undefined,
  currency: string,
): OrderLine | null {
  const fee = rule?.joiningFeeMinor ?? 0;
  if (fee === 0) return null;
  return {
    personId,
    kind: 'joining_fee',
    description: `Joining fee (${LABELS[memberType].toLowerCase()}) ${formatMinor(fee)} ${currency}`,
    amountMinor: fee,
    rule: `member_type:${memberType}:joining_fee`,
  };
}
