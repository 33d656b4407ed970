import { latestDefinitionId } from '../../data/definitions';
import { insertOpenInstance, lockOpenInstance } from '../../data/instances';
import { applyEvent } from '../processMachine';
import { OVERVIEW_STEP, isAnsweringState } from '../steps';
import { failure, type FormOutcome, type FormUser } from '../types';
import type { FormsDeps } from './deps';
import { followPayment, revisit } from './sync';
import { inTransaction, loadContext, periodRefusal } from './transaction';
import { shown } from './view';

/** The key of the definition a membership period uses (design: highest version of the organisation's). */
export const MEMBERSHIP_PROCESS_KEY = 'membership';

/**
 * GET /api/forms/membership/{periodid}: the account's open process for the period, created
 * (RUNNING, step 1) when there is none. RUNNING or RESUME tells the client to offer reset or
 * resume. The process of a closed period is shown only once it waits for or has its payment.
 */
export async function getForm(deps: FormsDeps, user: FormUser, input: { periodId: number; userKey?: string | null }): Promise<FormOutcome> {
  if (input.userKey != null && input.userKey !== user.userKey) {
    return failure('forbidden', 'USER_KEY_MISMATCH', 'The userKey does not belong to the signed-in user.');
  }
  return inTransaction(deps.db, async (trx) => {
    const reads = deps.membership.registrationReads(trx);
    const period = await deps.membership.getRegistrationPeriod(trx, input.periodId, user.registrationSystemId, reads);
    if (!period) return failure('notFound', 'PERIOD_NOT_FOUND', `Membership period ${input.periodId} was not found.`);
    if (!(await deps.membership.isOrganisationMember(trx, user.accountId, period.organisationId))) {
      return failure('forbidden', 'NOT_ORGANISATION_MEMBER', 'You are not a user of the organisation of this membership period.');
    }

    let instance = await lockOpenInstance(trx, user.accountId, period.id);
    if (instance) instance = await revisit(trx, deps, await followPayment(trx, deps, instance));

    if (!instance || isAnsweringState(instance.state)) {
      const closed = periodRefusal(deps, period);
      if (closed) return closed;
    }

    if (!instance) {
      const definitionId = await latestDefinitionId(trx, period.organisationId, MEMBERSHIP_PROCESS_KEY);
      if (definitionId === null) {
        return failure('notFound', 'PROCESS_DEFINITION_NOT_FOUND', 'The organisation has no membership registration form.');
      }
      const started = applyEvent('NONE', 'start');
      if (!started.ok) throw new Error(started.failure.message);
      const row = { definitionId, accountId: user.accountId, registrationSystemId: user.registrationSystemId, periodId: period.id };
      // A concurrent first visit may have created it a moment ago: then lock that one.
      instance =
        (await insertOpenInstance(trx, { ...row, state: started.state, step: OVERVIEW_STEP })) ??
        (await lockOpenInstance(trx, user.accountId, period.id));
      if (!instance) throw new Error('open process instance vanished');
    }
    return shown(trx, await loadContext(trx, deps, instance, period, reads));
  });
}
