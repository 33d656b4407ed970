import { baseFeeFor } from './baseFee';
import { isIsoDate } from './dates';
import { toBasisPoints } from './money';
import { timingWindowAt } from './timing';
import { MEMBER_TYPES, OPTION_CODES } from './types';
import type { Adjustment, PeriodPricingRules, PricingInput, PricingPerson, PricingProblem } from './types';

/**
 * Everything that can keep an order from being priced, as values. The engine prices only input
 * that passed these checks; anything it throws afterwards is a bug.
 */

/**
 * The largest amount one rule may name (100,000.00 in a currency with cents): far above any
 * membership fee, and small enough that an order of many persons, each with every fee and option,
 * stays within what an order's total can hold (PostgreSQL `integer`, about 21 million).
 */
export const MAX_AMOUNT_MINOR = 10_000_000;

const isAmount = (value: unknown): boolean => Number.isSafeInteger(value) && Math.abs(value as number) <= MAX_AMOUNT_MINOR;
const isFee = (value: unknown): boolean => isAmount(value) && (value as number) >= 0;
const FEE = `a whole amount from 0 to ${MAX_AMOUNT_MINOR} (minor units)`;

function adjustmentProblem(adjustment: Adjustment | undefined): string | null {
  if (adjustment === undefined) return null;
  if (adjustment.type === 'fixed')
    return isAmount(adjustment.amountMinor) ? null : `a fixed adjustment must be a whole amount of at most ${MAX_AMOUNT_MINOR} either way`;
  try {
    toBasisPoints(adjustment.percent);
    return null;
  } catch {
    return 'a percentage must be a number with at most two decimals';
  }
}

export function checkPeriodRules(rules: PeriodPricingRules): PricingProblem[] {
  const reasons: string[] = [];
  if (!/^[A-Z]{3}$/.test(rules.currency)) reasons.push('currency must be an ISO 4217 code');
  if (!isIsoDate(rules.referenceDate)) reasons.push('referenceDate must be an ISO date');
  for (const [code, fees] of Object.entries(rules.baseFees)) {
    for (const [group, fee] of Object.entries(fees)) if (!isFee(fee)) reasons.push(`base fee ${code}/${group} must be ${FEE}`);
  }
  const windows = [...rules.timing].sort((a, b) => (a.from < b.from ? -1 : 1));
  windows.forEach((window, index) => {
    if (!isIsoDate(window.from) || !isIsoDate(window.to) || window.from > window.to)
      reasons.push(`timing window ${window.window} has bad dates`);
    const previous = windows[index - 1];
    if (previous && previous.to >= window.from) reasons.push(`timing windows ${previous.window} and ${window.window} overlap`);
    const problem = adjustmentProblem(window.adjustment);
    if (problem) reasons.push(`timing window ${window.window}: ${problem}`);
  });
  for (const [type, rule] of Object.entries(rules.memberTypes)) {
    if (rule.joiningFeeMinor !== undefined && !isFee(rule.joiningFeeMinor)) reasons.push(`joining fee of ${type} must be ${FEE}`);
    const problem = adjustmentProblem(rule.adjustment);
    if (problem) reasons.push(`member type ${type}: ${problem}`);
  }
  const discount = rules.family?.discount;
  if (discount && (!Number.isSafeInteger(discount.fromPosition) || discount.fromPosition < 1))
    reasons.push('family discount position must be 1 or more');
  const discountProblem = adjustmentProblem(discount?.adjustment);
  if (discountProblem) reasons.push(`family discount: ${discountProblem}`);
  if (rules.family?.capMinor !== undefined && !isFee(rules.family.capMinor)) reasons.push(`family cap must be ${FEE}`);
  for (const [code, price] of Object.entries(rules.options))
    if (!isFee(price.priceMinor)) reasons.push(`option ${code} price must be ${FEE}`);
  if (!isFee(rules.administrationFeeMinor)) reasons.push(`administration fee must be ${FEE}`);
  return reasons.map((reason) => ({ code: 'INVALID_RULES', personId: null, message: `Pricing rules: ${reason}.` }));
}

function checkPerson(rules: PeriodPricingRules, person: PricingPerson): PricingProblem[] {
  const problem = (code: PricingProblem['code'], message: string): PricingProblem => ({ code, personId: person.id, message });
  if (!isIsoDate(person.dateOfBirth)) return [problem('INVALID_DATE', `Person ${person.id} has no valid date of birth.`)];
  if (!Object.hasOwn(rules.baseFees, person.membershipTypeCode)) {
    return [problem('UNKNOWN_MEMBERSHIP_TYPE', `Membership type ${person.membershipTypeCode} of person ${person.id} is not offered.`)];
  }
  const problems: PricingProblem[] = [];
  if (!(MEMBER_TYPES as readonly string[]).includes(person.memberType)) {
    problems.push(problem('UNKNOWN_MEMBER_TYPE', `Person ${person.id} has an unknown member type ${String(person.memberType)}.`));
  }
  if (!baseFeeFor(rules, person)) {
    problems.push(
      problem('AGE_GROUP_NOT_OFFERED', `Membership type ${person.membershipTypeCode} has no fee for the age group of person ${person.id}.`),
    );
  }
  for (const option of person.options) {
    if (!(OPTION_CODES as readonly string[]).includes(option) || !rules.options[option]) {
      problems.push(problem('OPTION_NOT_OFFERED', `Option ${option} chosen for person ${person.id} is not offered.`));
    }
  }
  return problems;
}

function checkDistinct(persons: readonly PricingPerson[]): PricingProblem[] {
  const ids = persons.map((person) => person.id);
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))].map((id) => ({
    code: 'DUPLICATE_PERSON',
    personId: id,
    message: `Person ${id} is listed more than once.`,
  }));
}

export function checkPricingInput({ rules, persons, registrationDate }: PricingInput): PricingProblem[] {
  const ruleProblems = checkPeriodRules(rules);
  if (ruleProblems.length > 0) return ruleProblems;
  const problems: PricingProblem[] = [];
  if (!isIsoDate(registrationDate))
    problems.push({ code: 'INVALID_DATE', personId: null, message: 'The registration date is not a valid date.' });
  else if (!timingWindowAt(rules, registrationDate)) {
    problems.push({ code: 'REGISTRATION_CLOSED', personId: null, message: `No price window is open on ${registrationDate}.` });
  }
  if (persons.length === 0) problems.push({ code: 'NO_PERSONS', personId: null, message: 'An order needs at least one person.' });
  return [...problems, ...checkDistinct(persons), ...persons.flatMap((person) => checkPerson(rules, person))];
}
