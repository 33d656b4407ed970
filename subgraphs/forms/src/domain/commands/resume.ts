import { updateInstance } from '../../data/instances';
import { applyEvent } from '../processMachine';
import type { FormOutcome, FormUser } from '../types';
import type { FormsDeps } from './deps';
import { withProcess } from './transaction';
import { conflict, shown } from './view';

/** POST .../resume: continue at the current step, answers kept. */
export async function resume(deps: FormsDeps, user: FormUser, processId: string): Promise<FormOutcome> {
  return withProcess(deps, user, processId, async (trx, ctx) => {
    const moved = applyEvent(ctx.instance.state, 'resume');
    if (!moved.ok) return conflict(trx, ctx, moved);
    const instance = await updateInstance(trx, ctx.instance.id, { state: moved.state });
    return shown(trx, { ...ctx, instance });
  });
}
