import type { Knex } from '@ems/db';
import { canSelect, numberRangeOf, type PersonStatus } from '@ems/schema/rules';
import type { AnswerRow, DefinitionRow, InstanceRow, StepRow } from '../data/rows';
import { isHidden } from './appliesTo';
import type { MembershipTypeOffer, PeriodPerson, RegistrationEstimate, RegistrationPeriod, RegistrationReads } from './membershipPort';
import { OVERVIEW_STEP, isAnsweringState, optionsFor, questionAt, stepCount } from './steps';
import type { FormPersonView, FormView } from './types';

/** Everything a form is built from, loaded under the instance's lock. */
export interface FormContext {
  instance: InstanceRow;
  definition: DefinitionRow;
  /** Its `referenceDate` is the date ages are taken on for `applies_to`. */
  period: RegistrationPeriod;
  /** The account's linked persons with their status for the period (membership's view). */
  persons: PeriodPerson[];
  /** Membership's reads of this request: the period and persons above, read once for the type offers, prices and order too. */
  reads: RegistrationReads;
  /** The membership type question's offers per person (loaded only while that question is current). */
  typeOffers?: ReadonlyMap<number, MembershipTypeOffer[]>;
  /** The price as answered so far (GraphQL's running total), set by withTypeOffers. */
  estimate?: RegistrationEstimate | null;
  /** The instance's answers as they now stand, when the command has them (the running total then reads none). */
  answers?: readonly AnswerRow[];
  /** Prices the answers so far (`answers`, else the stored ones); absent: no running total. */
  loadEstimate?: (trx: Knex.Transaction, answers?: readonly AnswerRow[]) => Promise<RegistrationEstimate | null>;
  /** Loads them (membership's pricing); absent: the types are offered without prices. */
  loadTypeOffers?: (trx: Knex.Transaction, personIds: readonly number[]) => Promise<ReadonlyMap<number, MembershipTypeOffer[]>>;
}

/**
 * A person's status as this process presents it. After a cancelled payment the process keeps its
 * unpaid order until it completes again (which replaces the order), so its own persons are
 * "Pending Payment" only because of this very application: for it they count as Available, or
 * the user could not keep them selected when going back to the overview.
 */
export function statusInProcess(ctx: Pick<FormContext, 'instance'>, person: PeriodPerson): PersonStatus {
  const { instance } = ctx;
  const ownOrderToReplace = instance.orderId !== null && isAnsweringState(instance.state);
  if (ownOrderToReplace && person.status === 'Pending Payment' && instance.selectedPersonIds.includes(person.id)) return 'Available';
  return person.status;
}

/** FormPersonDTO.hide: the question does not apply to the person's age on the period's reference date. */
export function isHiddenFor(ctx: Pick<FormContext, 'period'>, question: StepRow, person: Pick<PeriodPerson, 'dateOfBirth'>): boolean {
  return isHidden(question.appliesTo, person.dateOfBirth, ctx.period.referenceDate);
}

/** The selected persons that are still linked to the account, in the overview's order. */
export function selectedPersons(ctx: Pick<FormContext, 'instance' | 'persons'>): PeriodPerson[] {
  const selected = new Set(ctx.instance.selectedPersonIds);
  return ctx.persons.filter((p) => selected.has(p.id));
}

function personView(ctx: FormContext, person: PeriodPerson, extra: Pick<FormPersonView, 'answer' | 'hide'>): FormPersonView {
  const status = statusInProcess(ctx, person);
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    status,
    canSelect: canSelect(status),
    selected: ctx.instance.selectedPersonIds.includes(person.id),
    ...extra,
  };
}

/** The form at the instance's current step; `stepAnswers` are the stored answers of that step. */
export function buildFormView(ctx: FormContext, stepAnswers: ReadonlyMap<number, string | null>): FormView {
  const { instance, definition, period } = ctx;
  const base = {
    processId: instance.id,
    step: instance.step,
    stepCount: stepCount(definition),
    processState: instance.state,
    paymentUrl: instance.state === 'PENDING_PAYMENT' ? instance.paymentUrl : null,
    canGoBack: instance.state === 'RUNNING' && instance.step > OVERVIEW_STEP,
    orderId: instance.orderId,
  };

  if (!isAnsweringState(instance.state)) {
    // Completion (or terminal) state: the persons of the application, no question.
    return {
      ...base,
      people: selectedPersons(ctx).map((p) => personView(ctx, p, { answer: null, hide: false })),
      question: null,
      questionType: null,
      required: false,
      options: null,
      numberRange: null,
      termsUrl: null,
    };
  }

  const question = questionAt(definition, instance.step);
  if (!question) {
    // The person overview: every linked person, selectable or not; at least one must be chosen.
    return {
      ...base,
      people: ctx.persons.map((p) => personView(ctx, p, { answer: null, hide: false })),
      question: null,
      questionType: null,
      required: true,
      options: null,
      numberRange: null,
      termsUrl: null,
    };
  }

  return {
    ...base,
    people: selectedPersons(ctx).map((p) => {
      const hide = isHiddenFor(ctx, question, p);
      return personView(ctx, p, { answer: hide ? null : (stepAnswers.get(p.id) ?? null), hide });
    }),
    question: question.question,
    questionType: question.questionType,
    required: question.required,
    options: optionsFor(question, period, ctx.typeOffers),
    numberRange: question.questionType === 'NUM' ? numberRangeOf({ min: question.numberMin, max: question.numberMax }) : null,
    termsUrl: question.questionType === 'ITC' ? period.termsUrl : null,
    estimate: ctx.estimate ?? null,
    optionPrice: optionPriceOf(question, period),
  };
}

/** The context with the membership type offers of the selected persons when that question is current. */
export async function withTypeOffers(trx: Knex.Transaction, ctx: FormContext, withEstimate = true): Promise<FormContext> {
  if (!isAnsweringState(ctx.instance.state)) return ctx;
  const question = questionAt(ctx.definition, ctx.instance.step);
  if (!question) return ctx;
  const typeStep = ctx.definition.steps.findIndex((s) => s.answerKey === 'membershipType') + 2;
  // The running total, from the step after the membership type question on (the types are known).
  const estimate =
    withEstimate && ctx.loadEstimate && typeStep >= 2 && ctx.instance.step > typeStep ? await ctx.loadEstimate(trx, ctx.answers) : null;
  if (question.answerKey !== 'membershipType' || !ctx.loadTypeOffers) return { ...ctx, estimate };
  return { ...ctx, estimate, typeOffers: await ctx.loadTypeOffers(trx, ctx.instance.selectedPersonIds) };
}

/** The price of the option a check-box question adds (answer key insurance or magazine), when the period prices it. */
function optionPriceOf(question: StepRow, period: RegistrationPeriod): FormView['optionPrice'] {
  const key = question.answerKey;
  if (key !== 'insurance' && key !== 'magazine') return null;
  const price = period.optionPrices?.[key];
  return price ? { currency: period.currency, amountMinor: price.priceMinor, per: price.per } : null;
}
