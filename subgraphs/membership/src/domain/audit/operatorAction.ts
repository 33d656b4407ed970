import type { Knex } from '@ems/db';
import { ForbiddenError } from '@ems/schema';
import { insertAuditEntries } from '../../data/auditLog';
import { loadOperatorIdentity } from '../../data/scope';
import type { DataScope } from '../scope';

/**
 * What an operator changed, for the audit log (issue 20): the action's name (`payment.recorded`,
 * `member.merged`...), its subject, and the subject's state before and after (null for a creation
 * or a deletion). Every operator mutation writes one or more of these through
 * `recordOperatorActions`, in the transaction that makes the change: the entry exists exactly when
 * the change does.
 */
export interface OperatorAction {
  organisationId: number;
  action: string;
  subjectType: string;
  subjectId: string | number;
  before: unknown;
  after: unknown;
}

/** What the log needs of the operator: who they are, and where they may act. A `DataScope` is one. */
type AuditActor = Pick<DataScope, 'accountId' | 'userKey' | 'registrationSystemId' | 'adminOrganisationIds'>;

/**
 * The one way operator changes are logged. Takes the transaction (not the service's knex) so a
 * log entry can never be written apart from its change; refuses an organisation the operator does
 * not administer, which would be a bug in the caller's scoping.
 */
export async function recordOperatorActions(trx: Knex.Transaction, actor: AuditActor, actions: readonly OperatorAction[]): Promise<void> {
  for (const a of actions) {
    if (!actor.adminOrganisationIds.has(a.organisationId)) {
      throw new ForbiddenError('Not an operator of this organisation', { code: 'FORBIDDEN' });
    }
  }
  await insertAuditEntries(
    trx,
    actions.map((a) => ({
      registrationSystemId: actor.registrationSystemId,
      organisationId: a.organisationId,
      actorAccountId: actor.accountId,
      actorUserKey: actor.userKey,
      action: a.action,
      subjectType: a.subjectType,
      subjectId: String(a.subjectId),
      before: a.before,
      after: a.after,
    })),
  );
}

/**
 * The same for another subgraph, which knows the operator by the verified token's user key only
 * (imports, through `@ems/membership/events`): the actor is resolved here, in the change's
 * transaction, so the entry names the account and the organisation check is this module's, as
 * for membership's own callers. One lookup of the account and its administered organisations,
 * not the whole data scope (persons, every organisation) an audited command never reads. A user
 * key without an account cannot have changed anything.
 */
export async function recordOperatorActionsOfUser(
  trx: Knex.Transaction,
  operator: { registrationSystemId: number; userKey: string },
  actions: readonly OperatorAction[],
): Promise<void> {
  const identity = await loadOperatorIdentity(trx, operator.registrationSystemId, operator.userKey);
  if (!identity) throw new ForbiddenError('Not an operator of this organisation', { code: 'FORBIDDEN' });
  const actor: AuditActor = {
    accountId: identity.accountId,
    userKey: operator.userKey,
    registrationSystemId: operator.registrationSystemId,
    adminOrganisationIds: new Set(identity.adminOrganisationIds),
  };
  await recordOperatorActions(trx, actor, actions);
}
