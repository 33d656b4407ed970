import type { ProcessState } from '@ems/schema/rules';
import type { DefinitionRow, StepRow } from '../data/rows';
import type { MembershipTypeOffer, RegistrationPeriod } from './membershipPort';
import type { FormOption } from './types';

/**
 * Step numbers (docs/design/registration.md): step 1 is the person overview (selection); steps
 * 2..n+1 are the definition's questions in order; after the last question the process completes.
 */
export const OVERVIEW_STEP = 1;

export function stepCount(definition: DefinitionRow): number {
  return definition.steps.length + 1;
}

/** The question shown at a step number; null for the overview. Positions may have gaps, so by order. */
export function questionAt(definition: DefinitionRow, step: number): StepRow | null {
  return step > OVERVIEW_STEP ? (definition.steps[step - 2] ?? null) : null;
}

export function isLastStep(definition: DefinitionRow, step: number): boolean {
  return step === stepCount(definition);
}

/** States in which the questions are (or, after resume, will be) shown. */
export function isAnsweringState(state: ProcessState): boolean {
  return state === 'RUNNING' || state === 'SUSPENDED' || state === 'RESUME';
}

/**
 * Choice options of a question. The membership type question offers the period's membership
 * types (the period decides which exist and what they are called); the stored options are its
 * fallback. Everything else offers what the definition stores.
 */
export function optionsFor(
  question: StepRow,
  period: RegistrationPeriod,
  offers?: ReadonlyMap<number, readonly MembershipTypeOffer[]>,
): FormOption[] | null {
  if (question.answerKey === 'membershipType' && period.membershipTypes.length > 0) {
    return period.membershipTypes.map((t) => {
      if (!offers || offers.size === 0) return { value: t.code, label: t.name };
      const persons = [...offers].flatMap(([personId, list]) => {
        const offer = list.find((o) => o.code === t.code);
        return offer ? [{ personId, priceMinor: offer.priceMinor, available: offer.available, reason: offer.reason }] : [];
      });
      return { value: t.code, label: t.name, currency: period.currency, persons };
    });
  }
  return question.options;
}

/** Question types whose answer is one of the options. */
export function isChoiceQuestion(question: StepRow): boolean {
  return question.questionType === 'DRP' || question.questionType === 'RDO' || question.questionType === 'SEL';
}
