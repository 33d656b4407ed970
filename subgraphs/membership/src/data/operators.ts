import type { Db } from './db';

/** One organisation an operator account administers (an OrgUser row with ROLE_ORG_ADMIN). */
export interface OperatorAccountRow {
  accountId: number;
  registrationSystemId: number;
  registrationSystemName: string;
  userKey: string;
  organisationId: number;
  organisationName: string;
  /** Whether the account was found by the recorded (issuer, subject) pair rather than by e-mail. */
  linked: boolean;
}

/**
 * The enabled accounts behind an OpenID identity that administer an organisation: those linked to
 * (issuer, subject), and those whose e-mail address is the provider's verified one. One row per
 * administered organisation, by registration system and organisation name.
 */
export async function findOperatorAccounts(
  db: Db,
  identity: { issuer: string; subject: string; verifiedEmail: string | null },
): Promise<OperatorAccountRow[]> {
  const linked = db('membership.operatorIdentities').where({ issuer: identity.issuer, subject: identity.subject }).select('accountId');
  return db('membership.accounts as a')
    .join('membership.registrationSystems as rs', 'rs.id', 'a.registrationSystemId')
    .join('membership.orgUsers as ou', 'ou.accountId', 'a.id')
    .join('membership.organisations as o', 'o.id', 'ou.organisationId')
    .whereNull('a.disabledAt')
    .whereRaw(`'ROLE_ORG_ADMIN' = ANY(ou.roles)`)
    .where((q) => {
      q.whereIn('a.id', linked);
      if (identity.verifiedEmail) q.orWhereRaw('lower(a.email) = lower(?)', [identity.verifiedEmail]);
    })
    .orderBy([{ column: 'a.registrationSystemId' }, { column: 'o.name' }, { column: 'a.id' }])
    .select(
      'a.id as accountId',
      'a.registrationSystemId',
      'rs.name as registrationSystemName',
      'a.externalUserId as userKey',
      'o.id as organisationId',
      'o.name as organisationName',
      db.raw('a.id IN (?) AS linked', [linked.clone()]),
    );
}

/** Records that (issuer, subject) stands for these accounts, so later sign-ins need no e-mail match. */
export async function linkOperatorIdentity(db: Db, issuer: string, subject: string, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db('membership.operatorIdentities')
    .insert(accountIds.map((accountId) => ({ issuer, subject, accountId })))
    .onConflict(['issuer', 'subject', 'accountId'])
    .ignore();
}
