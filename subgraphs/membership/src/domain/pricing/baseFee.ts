import { ageGroupOn } from './ageGroup';
import type { AgeGroup, OrderLine, PeriodPricingRules, PricingPerson } from './types';

export interface BaseFee {
  /** The person's age group on the reference date. */
  ageGroup: AgeGroup;
  /** The age group whose fee applies: a senior pays the adult fee when the type lists no senior fee. */
  feeGroup: AgeGroup;
  baseMinor: number;
}

/** The base membership fee of one person, or undefined when the type or age group is not offered. */
export function baseFeeFor(rules: PeriodPricingRules, person: PricingPerson): BaseFee | undefined {
  const fees = Object.hasOwn(rules.baseFees, person.membershipTypeCode) ? rules.baseFees[person.membershipTypeCode] : undefined;
  if (!fees) return undefined;
  const ageGroup = ageGroupOn(person.dateOfBirth, rules.referenceDate);
  const feeGroup: AgeGroup = ageGroup === 'senior' && fees.senior === undefined ? 'adult' : ageGroup;
  const baseMinor = fees[feeGroup];
  return baseMinor === undefined ? undefined : { ageGroup, feeGroup, baseMinor };
}

const GROUP_LABELS: Record<AgeGroup, string> = { adult: 'adult', junior: 'junior', senior: 'senior' };

export function membershipFeeLine(person: PricingPerson, fee: BaseFee): OrderLine {
  return {
    personId: person.id,
    kind: 'membership_fee',
    description: `Membership fee ${person.membershipTypeCode} (${GROUP_LABELS[fee.feeGroup]})`,
    amountMinor: fee.baseMinor,
    rule: `base_fee:${person.membershipTypeCode}:${fee.feeGroup}`,
  };
}
