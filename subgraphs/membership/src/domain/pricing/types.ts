/**
 * Inputs and outputs of the membership pricing engine. The contract lists the pricing dimensions
 * (number of persons, age group, registration timing, member type, additional options) and the
 * order line items (membership fee by membership type, insurance, administration); the shapes
 * below are ours. Every amount is an integer number of minor units (cents) of `currency`.
 */

/** A calendar date, ISO 8601 `YYYY-MM-DD`, in the organisation's local calendar. */
export type IsoDate = string;

export const AGE_GROUPS = ['adult', 'junior', 'senior'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const MEMBER_TYPES = ['new', 'renewal', 'transfer'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const TIMING_WINDOWS = ['early', 'standard', 'late'] as const;
export type TimingWindowName = (typeof TIMING_WINDOWS)[number];

export const OPTION_CODES = ['insurance', 'magazine'] as const;
export type OptionCode = (typeof OPTION_CODES)[number];

/**
 * A change to a person's membership fee. `percent` is of the base fee, negative for a discount,
 * with at most two decimals (12.5 is fine, 12.345 is not); `fixed` is an amount in minor units.
 */
export type Adjustment = { type: 'percent'; percent: number } | { type: 'fixed'; amountMinor: number };

export interface TimingWindow {
  window: TimingWindowName;
  /** First day of the window, inclusive. */
  from: IsoDate;
  /** Last day of the window, inclusive. */
  to: IsoDate;
  adjustment?: Adjustment;
}

export interface MemberTypeRule {
  /** One-off fee per person on top of the membership fee (joining fee; 0 or absent = waived). */
  joiningFeeMinor?: number;
  /** Change to the membership fee (e.g. a renewal discount). */
  adjustment?: Adjustment;
}

export interface FamilyRules {
  /** Persons ranked `fromPosition` and later (1-based, by base fee, highest first) get `adjustment`. */
  discount?: { fromPosition: number; adjustment: Adjustment };
  /** Upper bound of the order's membership fees when the order holds two or more persons. */
  capMinor?: number;
}

export interface OptionPrice {
  per: 'person' | 'order';
  priceMinor: number;
}

export interface PeriodPricingRules {
  /** ISO 4217 code; amounts are in its minor unit. */
  currency: string;
  /** Age is taken on this date (the period's reference date). */
  referenceDate: IsoDate;
  /** Base membership fee per membership type code, per age group. A missing age group is not offered. */
  baseFees: Readonly<Record<string, Partial<Record<AgeGroup, number>>>>;
  /** Non-overlapping windows; a registration date outside every window cannot be priced. */
  timing: readonly TimingWindow[];
  memberTypes: Partial<Record<MemberType, MemberTypeRule>>;
  family?: FamilyRules;
  /** Options offered in the period; an option not listed cannot be chosen. */
  options: Partial<Record<OptionCode, OptionPrice>>;
  /** Per order; 0 = none. */
  administrationFeeMinor: number;
}

export interface PricingPerson {
  id: number;
  dateOfBirth: IsoDate;
  membershipTypeCode: string;
  memberType: MemberType;
  options: readonly OptionCode[];
}

export interface PricingInput {
  rules: PeriodPricingRules;
  persons: readonly PricingPerson[];
  registrationDate: IsoDate;
}

export type OrderLineKind =
  | 'membership_fee'
  | 'timing_adjustment'
  | 'member_type_adjustment'
  | 'family_discount'
  | 'joining_fee'
  | 'insurance'
  | 'magazine'
  | 'family_cap'
  | 'administration_fee';

export interface OrderLine {
  /** The person the line is for; null for a line of the whole order. */
  personId: number | null;
  kind: OrderLineKind;
  description: string;
  /** Integer minor units; negative for discounts. */
  amountMinor: number;
  /** Which pricing rule produced the line, e.g. `base_fee:individual:adult`, `timing:early`. */
  rule: string;
}

export interface Quote {
  currency: string;
  lines: OrderLine[];
  totalMinor: number;
  /** The registration date the quote was priced on. */
  pricedOn: IsoDate;
  /** The timing window that date fell in; the quote is honoured while this window is open. */
  window: TimingWindowName;
  /** The persons priced, so that the quote can be priced again. */
  persons: readonly PricingPerson[];
}

export type PricingProblemCode =
  | 'INVALID_RULES'
  | 'INVALID_DATE'
  | 'NO_PERSONS'
  | 'DUPLICATE_PERSON'
  | 'UNKNOWN_MEMBERSHIP_TYPE'
  | 'UNKNOWN_MEMBER_TYPE'
  | 'AGE_GROUP_NOT_OFFERED'
  | 'OPTION_NOT_OFFERED'
  | 'REGISTRATION_CLOSED';

/** An expected reason a price cannot be given; returned, never thrown. */
export interface PricingProblem {
  code: PricingProblemCode;
  personId: number | null;
  message: string;
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; problems: PricingProblem[] };
