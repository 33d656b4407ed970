import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import { ForbiddenError, type TokenResponse } from '@ems/schema';
import { findAccountByUserKey, findAccountIdByUserKey, lockUserKey } from '../../data/accounts';
import { insertSelfRegisteredAccount } from '../../data/memberAccounts';
import { issueTokenForAccount, type TokenSettings } from '../tokens';
import { requireMemberOidc } from './tenantProvider';

export const ANONYMOUS_AUTHORITY = 'ROLE_ANONYMOUS';

const ANONYMOUS_PREFIX = 'anonymous:';

/** The user key of an anonymous registration's account. */
export function anonymousUserKey(sessionId: string): string {
  return `${ANONYMOUS_PREFIX}${sessionId}`;
}

/** The authorities an account's token carries beyond its roles: ROLE_ANONYMOUS while it is an anonymous registration's. */
export function anonymousAuthorities(userKey: string): string[] {
  return userKey.startsWith(ANONYMOUS_PREFIX) ? [ANONYMOUS_AUTHORITY] : [];
}

/**
 * `POST /auth/register-session` (contract rule 12): a member of a tenant with member OpenID
 * Connect continues without signing in. The session gets an account of its own (user key
 * `anonymous:<uuid>`, no e-mail) to keep its persons and its registration until the member signs
 * in (exchangeMemberClaims then hands them over). Its token carries ROLE_ANONYMOUS besides the
 * account's roles. Refused for a tenant without member sign-in or that does not allow it.
 * The same session id again is the same account (a retry), until it was signed in.
 */
export async function registerAnonymousSession(
  db: Knex,
  registrationSystemId: number,
  sessionUuid: string | undefined,
  settings: TokenSettings,
): Promise<TokenResponse & { sessionId: string }> {
  const config = await requireMemberOidc(db, registrationSystemId);
  if (!config.anonymousAllowed) {
    throw new ForbiddenError('This registration system does not offer anonymous registration', { code: 'ANONYMOUS_NOT_OFFERED' });
  }
  const sessionId = sessionUuid ?? randomUUID();
  const userKey = anonymousUserKey(sessionId);
  const account = await db.transaction(async (trx) => {
    await lockUserKey(trx, registrationSystemId, userKey);
    // A session id seen before is that session again, or (signed in since, retired) no longer one.
    if ((await findAccountIdByUserKey(trx, registrationSystemId, userKey)) === null)
      await insertSelfRegisteredAccount(trx, { registrationSystemId, userKey, email: null });
    return findAccountByUserKey(trx, registrationSystemId, userKey);
  });
  if (!account) throw new ForbiddenError('This anonymous session has ended', { code: 'ANONYMOUS_SESSION_ENDED' });
  return { ...issueTokenForAccount(account, settings, new Date(), anonymousAuthorities(account.userKey)), sessionId };
}
