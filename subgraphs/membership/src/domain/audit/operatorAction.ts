import type { Knex } from '@ems/db';
import { ForbiddenError } from '@ems/schema';
import { insertAuditEntries } from '../../data/auditLog';
import { scopeForUserKey, type DataScope } from '../scope';

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

/**
 * The one way operator changes are logged. Takes the transaction (not the service's knex) so a
 * log entry can never be written apart from its change; refuses an organisation the operator does
 * not administer, which would be a bug in the caller's scoping.
 */
export async function recordOperatorActions(trx: Knex.Transaction, scope: DataScope, actions: readonly OperatorAction[]): Promise<void> {
  for (const a of actions) {
    if (!scope.adminOrganisationIds.has(a.organisationId)) {
      throw new ForbiddenError('Not an operator of this organisation', { code: 'FORBIDDEN' });
    }
  }
  await insertAuditEntries(
    trx,
    actions.map((a) => ({
      registrationSystemId: scope.registrationSystemId,
      organisationId: a.organisationId,
      actorAccountId: scope.accountId,
      actorUserKey: scope.userKey,
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
 * (imports, through `@ems/membership/events`): the scope is resolved here, in the change's
 * transaction, so the entry names the account and the organisation check is this module's, as
 * for membership's own callers. A user key without an account cannot have changed anything.
 */
export async function recordOperatorActionsOfUser(
  trx: Knex.Transaction,
  operator: { registrationSystemId: number; userKey: string },
  actions: readonly OperatorAction[],
): Promise<void> {
  const scope = await scopeForUserKey(trx, operator.registrationSystemId, operator.userKey);
  if (!scope) throw new ForbiddenError('Not an operator of this organisation', { code: 'FORBIDDEN' });
  await recordOperatorActions(trx, scope, actions);
}
