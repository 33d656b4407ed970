import type { Knex } from '@ems/db';
import type { ProcessState } from '@ems/schema/rules';
import { updateInstance } from '../../data/instances';
import type { AnswerRow } from '../../data/rows';
import { buildFormView, selectedPersons, type FormContext } from '../formView';
import { orderPersonsFromAnswers } from '../orderInput';
import { answersRefused, failure, type FormOutcome, type FormView } from '../types';
import type { FormsDeps } from './deps';
import { withFreshStatuses } from './sync';
import { answersAt, conflict } from './view';

export interface Completion {
  /** The state `next` decided on for the end of the questions. */
  state: ProcessState;
  /** The form as it was before the submission, for a refusal's 409: everything written is rolled back. */
  before: FormView;
  /** Every answer of the instance as stored now, ordered by step and person. */
  answers: readonly AnswerRow[];
}

/**
 * The end of the questions, in the caller's transaction: an unpaid order left from a cancelled
 * payment is cancelled, membership creates the new order (unpaid, memberships Pending Payment),
 * and the process moves on with the order's payment link. Any refusal or error rolls all of it
 * back, the order and the last step's answers included.
 */
export async function complete(trx: Knex.Transaction, deps: FormsDeps, ctx: FormContext, completion: Completion): Promise<FormOutcome> {
  const { instance } = ctx;
  const { before, answers } = completion;
  const personIds = selectedPersons(ctx).map((p) => p.id);
  if (personIds.length === 0) {
    return answersRefused([{ rule: 'NO_PERSON_SELECTED', personId: null, message: 'Select at least one person.' }]);
  }
  const persons = orderPersonsFromAnswers(ctx.definition, answers, personIds, ctx.period);
  if (!persons.ok) return persons;

  const input = { accountId: instance.accountId, periodId: instance.periodId, today: deps.clock.today(), persons: persons.persons };
  const replace = deps.membership.replaceUnpaidOrder;
  if (instance.orderId !== null && !replace) {
    const cancelled = await deps.membership.cancelUnpaidOrder(trx, instance.orderId);
    if (!cancelled.ok) return conflict(trx, ctx, failure('conflict', cancelled.code, 'The earlier order has been paid.'), before);
  }
  // Completing again with the order still unpaid (answers changed while payment was due): the
  // same order and payment reference when the answers make the same order (issue 23, problem 4).
  const created =
    instance.orderId !== null && replace
      ? await replace(trx, instance.orderId, input, ctx.reads)
      : await deps.membership.createRegistrationOrder(trx, input, ctx.reads);
  if (!created.ok && created.code === 'ORDER_PAID') {
    return conflict(trx, ctx, failure('conflict', created.code, 'The earlier order has been paid.'), before);
  }
  if (!created.ok) {
    return failure('invalid', 'ORDER_REFUSED', created.message, {
      rule: created.code,
      personId: created.personId,
      violations: [{ rule: created.code, personId: created.personId, message: created.message }],
    });
  }
  const done = await updateInstance(trx, instance.id, {
    state: completion.state,
    orderId: created.order.id,
    paymentUrl: created.order.paymentUrl,
  });
  return { ok: true, form: buildFormView(await withFreshStatuses(trx, deps, ctx, done), answersAt(answers, done.step)) };
}
