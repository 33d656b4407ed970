import type { Knex } from '@ems/db';
import type { ProcessState } from '@ems/schema/rules';
import {
  answerAndMoveOn,
  answersOfInstance,
  byStepAndPerson,
  deleteAnswersOfOtherPersons,
  replaceStepAnswersReturningPrevious,
} from '../../data/answers';
import { updateInstance } from '../../data/instances';
import { MAX_PEOPLE, checkQuestionAnswers, checkSelection, type SubmittedPerson } from '../answers';
import { buildFormView, withTypeOffers, type FormContext } from '../formView';
import { nextStepAfter } from '../navigation';
import { applyEvent } from '../processMachine';
import { OVERVIEW_STEP, questionAt } from '../steps';
import { failure, type FormOutcome, type FormUser } from '../types';
import { complete } from './complete';
import type { FormsDeps } from './deps';
import { withProcess } from './transaction';
import { answersAt, conflict, formOf, shown, stepConflict } from './view';

/** Where the submission takes the process; `step` null: the questions are done and it completes. */
interface Move {
  state: ProcessState;
  step: number | null;
}

type StepHandler = (
  trx: Knex.Transaction,
  deps: FormsDeps,
  ctx: FormContext,
  people: readonly SubmittedPerson[],
  move: Move,
) => Promise<FormOutcome>;

/**
 * POST /api/forms/next: stores the answers of the current step and moves on, or completes after
 * the last one. Under the instance lock, so the same step sent twice at once is stored once: the
 * second finds the step moved on and gets 409 with the current form.
 */
export async function next(
  deps: FormsDeps,
  user: FormUser,
  input: { processId: string; step: number; people: readonly SubmittedPerson[] },
): Promise<FormOutcome> {
  if (input.people.length > MAX_PEOPLE) {
    return failure('invalid', 'TOO_MANY_PEOPLE', `At most ${MAX_PEOPLE} persons can be submitted at once.`);
  }
  return withProcess(deps, user, input.processId, async (trx, ctx) => {
    const current = ctx.instance.step;
    if (input.step !== current) return conflict(trx, ctx, stepConflict(input.step, current));
    const following = stepAfter(ctx, input.people);
    const moved = applyEvent(ctx.instance.state, following === null ? 'complete' : 'answer');
    if (!moved.ok) return conflict(trx, ctx, moved);
    const move = { state: moved.state, step: following };
    return current === OVERVIEW_STEP
      ? choosePersons(trx, deps, ctx, input.people, move)
      : answerQuestion(trx, deps, ctx, input.people, move);
  });
}

/**
 * The step after the current one that someone has to answer. Answers never change it (selection
 * and ages decide); on the overview the submitted selection does, and a selection that is then
 * refused writes nothing, so deciding from it before it is checked is safe.
 */
function stepAfter(ctx: FormContext, people: readonly SubmittedPerson[]): number | null {
  const { instance } = ctx;
  if (instance.step !== OVERVIEW_STEP) return nextStepAfter(ctx, instance.step);
  return nextStepAfter({ ...ctx, instance: { ...instance, selectedPersonIds: people.map((p) => p.id) } }, instance.step);
}

const choosePersons: StepHandler = async (trx, deps, ctx, people, move) => {
  const selection = checkSelection(ctx, people);
  if (!selection.ok) return selection;
  const { id } = ctx.instance;
  if (move.step !== null) {
    await deleteAnswersOfOtherPersons(trx, id, selection.personIds);
    const instance = await updateInstance(trx, id, { selectedPersonIds: selection.personIds, state: move.state, step: move.step });
    return shown(trx, { ...ctx, instance });
  }
  // No question applies to the selection. Completion can be refused after the selection is
  // written; its 409 then shows the form as it was (everything is rolled back).
  const before = await formOf(trx, ctx);
  await deleteAnswersOfOtherPersons(trx, id, selection.personIds);
  const instance = await updateInstance(trx, id, { selectedPersonIds: selection.personIds });
  return complete(trx, deps, { ...ctx, instance }, { state: move.state, before, answers: await answersOfInstance(trx, id) });
};

/**
 * A step that is not the last stores its answers, moves on and reads the next step in one
 * statement (the most frequent request of the registration); the last one completes.
 */
const answerQuestion: StepHandler = async (trx, deps, ctx, people, move) => {
  const { instance } = ctx;
  const question = questionAt(ctx.definition, instance.step);
  if (!question) throw new Error(`step ${instance.step} has no question`);
  const checked = checkQuestionAnswers(await withTypeOffers(trx, ctx, false), question, people);
  if (!checked.ok) return checked;

  if (move.step !== null) {
    const moved = await answerAndMoveOn(trx, instance.id, instance.step, checked.store, { state: move.state, step: move.step });
    const next = await withTypeOffers(trx, { ...ctx, instance: moved.instance, answers: moved.answers });
    return { ok: true, form: buildFormView(next, answersAt(moved.answers, moved.instance.step)) };
  }
  // The answers as they were give the form a refusal shows, and with this step's new ones in
  // their place, the order's input.
  const previous = await replaceStepAnswersReturningPrevious(trx, instance.id, instance.step, checked.store);
  const before = buildFormView(ctx, answersAt(previous, instance.step));
  const all = [...previous.filter((a) => a.step !== instance.step), ...checked.store.map((a) => ({ ...a, step: instance.step }))];
  return complete(trx, deps, ctx, { state: move.state, before, answers: all.sort(byStepAndPerson) });
};
