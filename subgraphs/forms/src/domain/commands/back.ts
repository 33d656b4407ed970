import { updateInstance } from '../../data/instances';
import { previousStepBefore } from '../navigation';
import { applyEvent } from '../processMachine';
import { OVERVIEW_STEP } from '../steps';
import { failure, type FormOutcome, type FormUser } from '../types';
import type { FormsDeps } from './deps';
import { withProcess } from './transaction';
import { conflict, shown, stepConflict } from './view';

/**
 * POST .../back (our addition): one step back, answers kept. `step`, when sent, must be the
 * current step, so that a double click goes back once.
 */
export async function back(deps: FormsDeps, user: FormUser, input: { processId: string; step?: number }): Promise<FormOutcome> {
  return withProcess(deps, user, input.processId, async (trx, ctx) => {
    const current = ctx.instance.step;
    if (input.step !== undefined && input.step !== current) return conflict(trx, ctx, stepConflict(input.step, current));
    const moved = applyEvent(ctx.instance.state, 'back');
    if (!moved.ok) return conflict(trx, ctx, moved);
    if (ctx.instance.state === 'PENDING_PAYMENT') {
      // Change answers while payment is due: the last question again (with the review), the
      // order kept by the process until it completes again (complete.ts decides keep or replace).
      const instance = await updateInstance(trx, ctx.instance.id, { state: moved.state, paymentUrl: null });
      return shown(trx, { ...ctx, instance });
    }
    if (current === OVERVIEW_STEP) {
      return conflict(trx, ctx, failure('conflict', 'NO_EARLIER_STEP', 'The person overview is the first step.'));
    }
    const instance = await updateInstance(trx, ctx.instance.id, { state: moved.state, step: previousStepBefore(ctx, current) });
    return shown(trx, { ...ctx, instance });
  });
}
