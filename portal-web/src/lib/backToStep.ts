import type { FormActionOutcome } from './formOutcome';

/**
 * The review's "Change": back one step at a time (answers kept) from `from` to the question `to`.
 * Each back names the step it leaves, so a second click or a second tab cannot take the process
 * further back than asked (the server answers STEP_CONFLICT); and it goes on from the step the
 * server answered, not from one less, because a question that applies to nobody is skipped.
 */
export async function backToStep<Form extends { step: number }>(
  back: (fromStep: number) => Promise<FormActionOutcome<Form>>,
  from: number,
  to: number,
): Promise<FormActionOutcome<Form>> {
  // Nothing to go back over is nothing done: an 'ok' without a new form (the cache holds the current one).
  let outcome = { kind: 'ok' } as FormActionOutcome<Form>;
  for (let at = from; at > to;) {
    outcome = await back(at);
    if (outcome.kind !== 'ok') return outcome;
    // A back that keeps the step (from payment due: the last question again) ends the walk, not repeats it.
    if (outcome.form.step >= at) return outcome;
    at = outcome.form.step;
  }
  return outcome;
}
