import { isHiddenFor, selectedPersons, type FormContext } from './formView';
import { OVERVIEW_STEP, questionAt, stepCount } from './steps';

/**
 * A question nobody selected has to answer (every selected person is outside its `applies_to`)
 * is skipped in both directions. Showing it would ask the user to confirm an empty step, and a
 * required ONE question with only hidden persons could never be valid (rule 5 needs a '1').
 */
export function isStepShown(ctx: Pick<FormContext, 'definition' | 'instance' | 'persons' | 'period'>, step: number): boolean {
  const question = questionAt(ctx.definition, step);
  if (!question) return step === OVERVIEW_STEP;
  return selectedPersons(ctx).some((p) => !isHiddenFor(ctx, question, p));
}

/** The step after `step` that someone has to answer; null when the questions are done. */
export function nextStepAfter(ctx: Pick<FormContext, 'definition' | 'instance' | 'persons' | 'period'>, step: number): number | null {
  for (let s = step + 1; s <= stepCount(ctx.definition); s += 1) if (isStepShown(ctx, s)) return s;
  return null;
}

/** The step before `step` that someone answered; the overview at the latest. */
export function previousStepBefore(ctx: Pick<FormContext, 'definition' | 'instance' | 'persons' | 'period'>, step: number): number {
  for (let s = step - 1; s > OVERVIEW_STEP; s -= 1) if (isStepShown(ctx, s)) return s;
  return OVERVIEW_STEP;
}
