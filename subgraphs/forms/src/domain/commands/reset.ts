import { deleteAllAnswers } from '../../data/answers';
import { updateInstance } from '../../data/instances';
import { applyEvent } from '../processMachine';
import { OVERVIEW_STEP } from '../steps';
import { failure, type FormOutcome, type FormUser } from '../types';
import type { FormsDeps } from './deps';
import { withFreshStatuses } from './sync';
import { withProcess } from './transaction';
import { conflict, shown } from './view';

/** POST .../reset: start fresh at the overview; an unpaid order of this process is cancelled. */
export async function reset(deps: FormsDeps, user: FormUser, processId: string): Promise<FormOutcome> {
  return withProcess(deps, user, processId, async (trx, ctx) => {
    const moved = applyEvent(ctx.instance.state, 'reset');
    if (!moved.ok) return conflict(trx, ctx, moved);
    if (ctx.instance.orderId !== null) {
      const cancelled = await deps.membership.cancelUnpaidOrder(trx, ctx.instance.orderId);
      if (!cancelled.ok) return conflict(trx, ctx, failure('conflict', cancelled.code, 'The order of this registration has been paid.'));
    }
    await deleteAllAnswers(trx, ctx.instance.id);
    const instance = await updateInstance(trx, ctx.instance.id, {
      state: moved.state,
      step: OVERVIEW_STEP,
      selectedPersonIds: [],
      orderId: null,
      paymentUrl: null,
    });
    return shown(trx, await withFreshStatuses(trx, deps, ctx, instance));
  });
}
