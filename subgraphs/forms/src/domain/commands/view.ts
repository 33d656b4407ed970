import type { Knex } from '@ems/db';
import { answersOfStep } from '../../data/answers';
import type { AnswerRow } from '../../data/rows';
import { buildFormView, withTypeOffers, type FormContext } from '../formView';
import { failure, type FormFailure, type FormOutcome, type FormView, type Refusal } from '../types';

export async function formOf(trx: Knex.Transaction, ctx: FormContext): Promise<FormView> {
  return buildFormView(await withTypeOffers(trx, ctx), await answersOfStep(trx, ctx.instance.id, ctx.instance.step));
}

export async function shown(trx: Knex.Transaction, ctx: FormContext): Promise<FormOutcome> {
  return { ok: true, form: await formOf(trx, ctx) };
}

/** A conflict carries the form as it stands, so the client can show the step the server is at. */
export async function conflict(
  trx: Knex.Transaction,
  ctx: FormContext,
  refusal: FormFailure | Refusal,
  current?: FormView,
): Promise<Refusal> {
  const f = 'failure' in refusal ? refusal.failure : refusal;
  return { ok: false, failure: { ...f, kind: 'conflict', current: current ?? (await formOf(trx, ctx)) } };
}

/** `step` is what the client believes is current; anything else is a second tab or a double click. */
export function stepConflict(sent: number, current: number): Refusal {
  return failure('conflict', 'STEP_CONFLICT', `Step ${sent} is not the current step (${current}).`);
}

export function answersAt(answers: readonly AnswerRow[], step: number): Map<number, string | null> {
  return new Map(answers.filter((a) => a.step === step).map((a) => [a.personId, a.answer]));
}
