import { deleteSessionsOfAccount, type Knex } from '@ems/db';
import { InputError } from '@ems/schema';
import { accountWithPersons } from '../../data/accountPersons';
import { recordOperatorActions } from '../audit/operatorAction';
import type { DataScope } from '../scope';
import { organisationOfPersons } from './organisationOf';

export type EndSessionsResult = { ok: true; ended: number } | { ok: false; code: 'NOT_FOUND'; message: string };

/**
 * `Mutation.endMemberSessions`: the admin portal's "end every session" (a lost phone): the
 * operation `npm run sessions -- end` runs (@ems/db `deleteSessionsOfAccount`, every router drops
 * its cached copy), for a user whose persons are connected to an organisation the operator
 * administers, with the audit entry, in one transaction. Anyone else's user key is NOT_FOUND.
 */
export async function endMemberSessions(db: Knex, scope: DataScope | null, userKeyText: string): Promise<EndSessionsResult> {
  const userKey = userKeyText.trim();
  if (!userKey) throw new InputError('userKey must not be empty', { code: 'USER_KEY_REQUIRED' });
  return db.transaction(async (trx) => {
    const notFound = { ok: false, code: 'NOT_FOUND', message: `No user ${userKey} among your members.` } as const;
    if (!scope || scope.adminOrganisationIds.size === 0) return notFound;
    const account = await accountWithPersons(trx, scope.registrationSystemId, userKey);
    const organisationId = account ? await organisationOfPersons(trx, scope, account.personIds) : null;
    if (!account || organisationId === null) return notFound;
    const ended = await deleteSessionsOfAccount(trx, account.accountId);
    await recordOperatorActions(trx, scope, [
      { organisationId, action: 'sessions.ended', subjectType: 'user', subjectId: userKey, before: null, after: { ended } },
    ]);
    return { ok: true, ended } as const;
  });
}
