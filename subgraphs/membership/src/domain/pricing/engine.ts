import { baseFeeFor, membershipFeeLine, type BaseFee } from './baseFee';
import { familyCapLine, familyDiscountLine, familyPositions } from './family';
import { memberTypeAdjustmentLine, joiningFeeLine } from './memberType';
import { formatMinor, sumMinor } from './money';
import { optionLines } from './options';
import { priceWindowOpen, timingLine, timingWindowAt } from './timing';
import type {
  IsoDate,
  OrderLine,
  PeriodPricingRules,
  PricingInput,
  PricingPerson,
  PricingProblem,
  Quote,
  QuoteResult,
  TimingWindow,
} from './types';
import { checkPricingInput } from './validate';

/**
 * Prices an order. Per person, in the order given: the base membership fee of the type and age
 * group, then the timing, member-type and family adjustments (each a percentage of the base fee or
 * a fixed amount, never compounded, never taking the fee below zero), then the joining fee and the
 * per-person options. Then for the order: the family cap on the membership fees, the per-order
 * options and the administration fee. See docs/pricing.md.
 */
export function quoteOrder(input: PricingInput): QuoteResult {
  const problems = checkPricingInput(input);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, quote: priceValidOrder(input) };
}

/** Prices input that passed `checkPricingInput`. */
function priceValidOrder({ rules, persons, registrationDate }: PricingInput): Quote {
  const window = timingWindowAt(rules, registrationDate) as TimingWindow;
  const fees = new Map(persons.map((person) => [person.id, baseFeeFor(rules, person) as BaseFee]));
  const positions = familyPositions(persons.map((person) => ({ personId: person.id, baseMinor: feeOf(fees, person).baseMinor })));
  const options = optionLines(rules, persons);

  const membership = persons.map((person) => membershipLines(rules, person, feeOf(fees, person), window, positions.get(person.id) ?? 0));
  const perPerson = persons.flatMap((person, index) => [
    ...(membership[index] ?? []),
    ...compact([joiningFeeLine(person.id, person.memberType, rules.memberTypes[person.memberType], rules.currency)]),
    ...options.perPerson.filter((line) => line.personId === person.id),
  ]);
  const perOrder = compact([
    familyCapLine(
      membership.map((lines) => sumMinor(lines.map((line) => line.amountMinor))),
      rules.family,
    ),
    ...options.perOrder,
    administrationFeeLine(rules),
  ]);
  const lines = [...perPerson, ...perOrder];
  return {
    currency: rules.currency,
    lines,
    totalMinor: sumMinor(lines.map((line) => line.amountMinor)),
    pricedOn: registrationDate,
    window: window.window,
    persons,
  };
}

function feeOf(fees: Map<number, BaseFee>, person: PricingPerson): BaseFee {
  const fee = fees.get(person.id);
  if (!fee) throw new Error(`No base fee for person ${person.id}: input was not checked`);
  return fee;
}

/** The membership fee and its adjustments; their sum is the person's membership fee. */
function membershipLines(
  rules: PeriodPricingRules,
  person: PricingPerson,
  fee: BaseFee,
  window: TimingWindow,
  position: number,
): OrderLine[] {
  const lines: OrderLine[] = [membershipFeeLine(person, fee)];
  const remaining = (): number => sumMinor(lines.map((line) => line.amountMinor));
  const add = (line: OrderLine | null): void => {
    if (line) lines.push(line);
  };
  add(timingLine(person.id, fee.baseMinor, remaining(), window, rules.currency));
  add(
    memberTypeAdjustmentLine(
      person.id,
      person.memberType,
      rules.memberTypes[person.memberType],
      fee.baseMinor,
      remaining(),
      rules.currency,
    ),
  );
  add(familyDiscountLine(person.id, position, rules.family, fee.baseMinor, remaining(), rules.currency));
  return lines;
}

function administrationFeeLine(rules: PeriodPricingRules): OrderLine | null {
  if (rules.administrationFeeMinor === 0) return null;
  return {
    personId: null,
    kind: 'administration_fee',
    description: `Administration fee ${formatMinor(rules.administrationFeeMinor)} ${rules.currency}`,
    amountMinor: rules.administrationFeeMinor,
    rule: 'administration_fee',
  };
}

function compact(lines: readonly (OrderLine | null)[]): OrderLine[] {
  return lines.filter((line): line is OrderLine => line !== null);
}

export type RepriceResult = { ok: true; changed: boolean; quote: Quote } | { ok: false; problems: PricingProblem[] };

/**
 * An unpaid quote is honoured while the timing window it was priced in is still open (an early-bird
 * price stays early-bird until the early window closes). Once that window is closed the order is
 * priced again on `now`; `changed` says whether any line or the total differs. `now` is the current
 * date in the organisation's calendar. When no window is open any more the result is
 * REGISTRATION_CLOSED.
 */
export function repriceIfWindowClosed(previousQuote: Quote, rules: PeriodPricingRules, now: IsoDate): RepriceResult {
  if (priceWindowOpen(rules, now, previousQuote.window)) return { ok: true, changed: false, quote: previousQuote };
  const result = quoteOrder({ rules, persons: previousQuote.persons, registrationDate: now });
  if (!result.ok) return result;
  return { ok: true, changed: !sameLines(previousQuote, result.quote), quote: result.quote };
}

function sameLines(a: Quote, b: Quote): boolean {
  const key = (quote: Quote): string => JSON.stringify(quote.lines.map((line) => [line.personId, line.kind, line.rule, line.amountMinor]));
  return a.currency === b.currency && a.totalMinor === b.totalMinor && key(a) === key(b);
}
