import type { PersonStatus, ProcessState, QuestionType } from '@ems/schema/rules';

/** Who is acting: taken from the verified bearer token, never from the request. */
export interface FormUser {
  accountId: number;
  registrationSystemId: number;
  userKey: string;
}

import type { RegistrationEstimate } from './membershipPort';

export interface FormOption {
  value: string;
  label: string;
  /** ISO 4217 code of the prices below (docs/forms-api.md, "options"). */
  currency?: string;
  /** The membership type question: for each person answering it, the price and whether they may choose it. */
  persons?: FormOptionPerson[];
}

export interface FormOptionPerson {
  personId: number;
  /** What the option costs this person, in minor units; null when not available (or not priced). */
  priceMinor: number | null;
  available: boolean;
  /** Why not, a sentence naming the person; null when available. */
  reason: string | null;
}

/** One person of the form (the contract's FormPersonDTO). */
export interface FormPersonView {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  status: PersonStatus;
  canSelect: boolean;
  selected: boolean;
  answer: string | null;
  hide: boolean;
}

/**
 * The form state: the contract's FormDTO plus what GraphQL shows besides (`stepCount`,
 * `canGoBack`, the order). The REST mapper picks the contract's fields only.
 */
export interface FormView {
  processId: string;
  step: number;
  stepCount: number;
  processState: ProcessState;
  people: FormPersonView[];
  question: string | null;
  questionType: QuestionType | null;
  required: boolean;
  options: FormOption[] | null;
  paymentUrl: string | null;
  canGoBack: boolean;
  orderId: number | null;
  /** A NUM question's range (the step's own bounds, else numberRangeOf's); null on other steps. */
  numberRange: { min: number; max: number | null } | null;
  /** On an ITC question: the period's terms and conditions (null: none published, or another step). */
  termsUrl: string | null;
  /** On an option's question (insurance, magazine): what ticking it costs, per person or per order. */
  optionPrice?: { currency: string; amountMinor: number; per: 'person' | 'order' } | null;
  /** While answering, once every person has a membership type: the order's price as answered so far. */
  estimate?: RegistrationEstimate | null;
}

/** How a refusal maps to HTTP: 400, 403, 404, 409. */
export type FailureKind = 'invalid' | 'forbidden' | 'notFound' | 'conflict';

export interface FormViolation {
  rule: string;
  personId: number | null;
  message: string;
}

/** An expected refusal, returned as a value; handlers and resolvers map it once. */
export interface FormFailure {
  kind: FailureKind;
  code: string;
  message: string;
  /** For refused answers: the (first) rule that refused them and the person it is about. */
  rule?: string;
  personId?: number | null;
  violations?: FormViolation[];
  /** For conflicts: the form as it stands, so the client can show the right step. */
  current?: FormView;
}

/** An expected refusal as an outcome. */
export type Refusal = { ok: false; failure: FormFailure };

export type FormOutcome = { ok: true; form: FormView } | Refusal;

export function failure(kind: FailureKind, code: string, message: string, extra: Partial<FormFailure> = {}): Refusal {
  return { ok: false, failure: { kind, code, message, ...extra } };
}

/** Refused answers: 400 naming the first rule and person, with every violation in the details. */
export function answersRefused(violations: FormViolation[]): Refusal {
  const [first] = violations;
  return failure('invalid', 'ANSWER_INVALID', violations.map((v) => v.message).join(' '), {
    rule: first?.rule,
    personId: first?.personId ?? null,
    violations,
  });
}
