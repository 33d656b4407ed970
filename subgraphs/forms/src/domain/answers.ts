import { canSelect, checkAnswerShape, checkDistinctPersons, normaliseBcbAnswer, validateStepAnswers } from '@ems/schema/rules';
import type { StepRow } from '../data/rows';
import { isHiddenFor, selectedPersons, statusInProcess, type FormContext } from './formView';
import { isChoiceQuestion, optionsFor } from './steps';
import { answersRefused, failure, type FormViolation, type Refusal } from './types';

/** A family is a handful of persons; the cap keeps the work of one submission bounded. */
export const MAX_PEOPLE = 50;

/** One entry of `people` in POST next: `{ id, answer }` (only `{ id }` on the overview). */
export interface SubmittedPerson {
  id: number;
  answer?: string | null;
}

/**
 * Only the account's linked persons may appear in a submission. Unknown and foreign ids get the
 * same answer, so the refusal tells nothing about persons of other accounts.
 */
function refuseForeignPersons(ctx: FormContext, submitted: readonly SubmittedPerson[]): Refusal | null {
  const linked = new Set(ctx.persons.map((p) => p.id));
  const foreign = submitted.find((p) => !linked.has(p.id));
  if (!foreign) return null;
  return failure('forbidden', 'PERSON_NOT_LINKED', `Person ${foreign.id} is not one of your linked persons.`, { personId: foreign.id });
}

/** The overview step: which persons the application is for. */
export function checkSelection(ctx: FormContext, submitted: readonly SubmittedPerson[]): { ok: true; personIds: number[] } | Refusal {
  const duplicates = checkDistinctPersons(submitted.map((p) => ({ id: p.id, answer: p.answer })));
  if (duplicates.length > 0) return answersRefused(duplicates);
  const foreign = refuseForeignPersons(ctx, submitted);
  if (foreign) return foreign;
  const byId = new Map(ctx.persons.map((p) => [p.id, p]));
  const violations: FormViolation[] = [];
  for (const { id } of submitted) {
    const person = byId.get(id)!;
    const status = statusInProcess(ctx, person);
    if (!canSelect(status)) {
      violations.push({ rule: 'PERSON_NOT_SELECTABLE', personId: id, message: `Person ${id} cannot be selected (${status}).` });
    }
  }
  if (violations.length > 0) return answersRefused(violations);
  if (submitted.length === 0) {
    return answersRefused([{ rule: 'NO_PERSON_SELECTED', personId: null, message: 'Select at least one person.' }]);
  }
  // Kept in the overview's order, whatever order the client sent.
  const chosen = new Set(submitted.map((p) => p.id));
  return { ok: true, personIds: ctx.persons.filter((p) => chosen.has(p.id)).map((p) => p.id) };
}

function isBlank(answer: string | null | undefined): boolean {
  return answer == null || answer.trim() === '';
}

/**
 * A question step: the contract's answer rules (shared with the portal), the input limits, and
 * that a choice answer is one of the options. Hidden persons are neither validated nor stored;
 * a selected person the client left out counts as not answered.
 */
export function checkQuestionAnswers(
  ctx: FormContext,
  question: StepRow,
  submitted: readonly SubmittedPerson[],
): { ok: true; store: Array<{ personId: number; answer: string | null }> } | Refusal {
  const foreign = refuseForeignPersons(ctx, submitted);
  if (foreign) return foreign;

  const selected = new Set(ctx.instance.selectedPersonIds);
  const notSelected = submitted.filter((p) => !selected.has(p.id));
  if (notSelected.length > 0) {
    return answersRefused(
      notSelected.map((p) => ({
        rule: 'PERSON_NOT_SELECTED',
        personId: p.id,
        message: `Person ${p.id} is not part of this registration.`,
      })),
    );
  }

  const shape = checkAnswerShape({
    questionType: question.questionType,
    people: submitted.map((p) => ({ id: p.id, answer: p.answer })),
    numberBounds: { min: question.numberMin, max: question.numberMax },
  });
  if (!shape.valid) return answersRefused(shape.violations);

  const given = new Map(submitted.map((p) => [p.id, p.answer ?? null]));
  const people = selectedPersons(ctx).map((p) => {
    const hide = isHiddenFor(ctx, question, p);
    const raw = given.get(p.id) ?? null;
    // Rule 4's encoding: an empty check box is '0'.
    const answer = question.questionType === 'BCB' ? normaliseBcbAnswer(raw) : isBlank(raw) ? null : raw;
    return { id: p.id, hide, answer };
  });
  const visible = people.filter((p) => !p.hide);

  const violations: FormViolation[] = [];
  const options = optionsFor(question, ctx.period);
  if (isChoiceQuestion(question) && options) {
    const values = new Set(options.map((o) => o.value));
    for (const p of visible) {
      if (p.answer !== null && !values.has(p.answer)) {
        violations.push({
          rule: 'ANSWER_NOT_AN_OPTION',
          personId: p.id,
          message: `The answer for person ${p.id} is not one of the options.`,
        });
      }
    }
  }
  // Eligibility at the question (issue 23, problem 1): a type a person may not take is refused here,
  // with the reason that names them, rather than when the order is made at the end.
  if (question.answerKey === 'membershipType' && ctx.typeOffers) {
    for (const p of visible) {
      const offer = p.answer === null ? undefined : ctx.typeOffers.get(p.id)?.find((o) => o.code === p.answer);
      if (offer && !offer.available) {
        violations.push({
          rule: 'MEMBERSHIP_TYPE_NOT_AVAILABLE',
          personId: p.id,
          message: offer.reason ?? `This membership type is not available for person ${p.id}.`,
        });
      }
    }
  }
  const verdict = validateStepAnswers({ questionType: question.questionType, required: question.required, people });
  if (!verdict.valid) violations.push(...verdict.violations);
  if (violations.length > 0) return answersRefused(violations);

  return { ok: true, store: visible.map((p) => ({ personId: p.id, answer: p.answer })) };
}
