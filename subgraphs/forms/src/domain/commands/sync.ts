import type { Knex } from '@ems/db';
import type { ProcessEvent } from '@ems/schema/rules';
import { updateInstance } from '../../data/instances';
import type { InstancePatch, InstanceRow } from '../../data/rows';
import type { FormContext } from '../formView';
import { applyEvent } from '../processMachine';
import { isAnsweringState } from '../steps';
import type { FormsDeps } from './deps';

/** A move the process makes on its own while it is read: the caller has checked that the state accepts it. */
async function move(trx: Knex.Transaction, instance: InstanceRow, event: ProcessEvent, patch: InstancePatch = {}): Promise<InstanceRow> {
  const moved = applyEvent(instance.state, event);
  // Callers only send events the state accepts; anything else is a bug.
  if (!moved.ok) throw new Error(moved.failure.message);
  return updateInstance(trx, instance.id, { ...patch, state: moved.state });
}

/**
 * Follows the order's payment, lazily, whenever the process is read or written (membership owns
 * payments and never calls forms). Paid: COMPLETED. A failed or cancelled attempt changes nothing
 * (contract: "unchanged", retry allowed): the order stays unpaid with the same pay link, the
 * persons Pending Payment. So whoever cancels an attempt at a checkout (the payer, or anyone who
 * got hold of a checkout) ends that attempt and nothing else. An order cancelled by someone else
 * (an operator) is let go of: RESUME, and completing again simply creates a new one.
 */
export async function followPayment(trx: Knex.Transaction, deps: FormsDeps, instance: InstanceRow): Promise<InstanceRow> {
  if (instance.orderId === null) return instance;
  const payment = await deps.membership.orderPaymentState(trx, instance.orderId);
  if (!payment) return instance;
  if (instance.state === 'PENDING_PAYMENT' || instance.state === 'DONE') {
    if (payment.status === 'paid') return move(trx, instance, 'paymentSucceeded');
    if (instance.state === 'PENDING_PAYMENT' && payment.status === 'cancelled') {
      return move(trx, instance, 'orderCancelled', { orderId: null, paymentUrl: null });
    }
    return instance;
  }
  if (isAnsweringState(instance.state)) {
    if (payment.status === 'cancelled') return updateInstance(trx, instance.id, { orderId: null });
    // The old order was paid after all (its link was still in the browser's history). The table
    // has no way from RESUME/RUNNING to COMPLETED, so the process ends as CANCELLED: the order is
    // paid and membership has activated the memberships; nothing is left for this process to do.
    if (payment.status === 'paid') return move(trx, instance, 'cancel');
  }
  return instance;
}

/** A process left RUNNING for longer than the session lasts counts as left, and waits for the choice. */
export async function revisit(trx: Knex.Transaction, deps: FormsDeps, instance: InstanceRow): Promise<InstanceRow> {
  let current = instance;
  if (current.state === 'RUNNING' && deps.clock.now().getTime() - current.updatedAt.getTime() >= deps.suspendAfterMs) {
    current = await move(trx, current, 'suspend');
  }
  if (current.state === 'SUSPENDED') current = await move(trx, current, 'revisit');
  return current;
}

/** The context after a write: statuses are read again (not from the request's reads), since an order may have come or gone. */
export async function withFreshStatuses(
  trx: Knex.Transaction,
  deps: FormsDeps,
  ctx: FormContext,
  instance: InstanceRow,
): Promise<FormContext> {
  const persons = await deps.membership.personsForPeriod(trx, instance.accountId, instance.periodId);
  return { ...ctx, instance, persons };
}
