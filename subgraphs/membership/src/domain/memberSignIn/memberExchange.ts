import type { Knex } from '@ems/db';
import { AUTH_ERRORS, ForbiddenError, NotFoundError, type TokenResponse } from '@ems/schema';
import { findAccountByEmail, findAccountByUserKey, lockUserKey, type AccountWithMemberships } from '../../data/accounts';
import {
  assignAccountUserKey,
  insertSelfRegisteredAccount,
  lockEnabledAccount,
  moveAccountReferences,
  retireAccount,
} from '../../data/memberAccounts';
import type { Db } from '../../data/db';
import { issueTokenForAccount, type TokenSettings } from '../tokens';
import { anonymousUserKey } from './anonymousSession';
import { memberOidcOf, sameIssuer } from './tenantProvider';

export interface MemberClaims {
  /** The issuer the router validated the ID token against; must be the tenant's member provider. */
  iss?: string;
  sub: string;
  email?: string;
  emailVerified?: boolean;
}

/** The account a subject already has: by subject (the user key), else by a verified e-mail address. */
async function accountOfSubject(db: Db, registrationSystemId: number, claims: MemberClaims): Promise<AccountWithMemberships | null> {
  const bySubject = await findAccountByUserKey(db, registrationSystemId, claims.sub);
  if (bySubject || !claims.email || !claims.emailVerified) return bySubject;
  const userKey = await findAccountByEmail(db, registrationSystemId, claims.email);
  return userKey ? findAccountByUserKey(db, registrationSystemId, userKey) : null;
}

/**
 * `POST /auth/token-exchange/oauth2` from the registration portal: ID token claims the router
 * validated against the tenant's member provider. Without member OpenID Connect the tenant's
 * existing accounts only are found (as before rule 12). With it (contract rule 12), in one
 * transaction:
 * - a subject without an account gets one: the anonymous session's, if one is named (its user
 *   key becomes the subject, its e-mail the verified one), else a new one;
 * - a subject with an account takes the anonymous session's persons, links, registrations and
 *   orders over, and the anonymous account is retired.
 * Repeating the exchange changes nothing: a claimed or retired anonymous account is no longer
 * found under its anonymous user key.
 */
export async function exchangeMemberClaims(
  db: Knex,
  registrationSystemId: number,
  claims: MemberClaims,
  anonymousSessionId: string | undefined,
  settings: TokenSettings,
): Promise<TokenResponse> {
  const config = await memberOidcOf(db, registrationSystemId);
  if (!config) {
    if (anonymousSessionId) {
      throw new ForbiddenError('This registration system offers no member sign-in', { code: 'MEMBER_SIGN_IN_NOT_OFFERED' });
    }
    const account = await accountOfSubject(db, registrationSystemId, claims);
    if (!account) throw new NotFoundError(AUTH_ERRORS.userNotFound.message, { code: 'USER_NOT_FOUND' });
    return issueTokenForAccount(account, settings);
  }
  if (!claims.iss || !sameIssuer(claims.iss, config.issuerUrl)) {
    throw new ForbiddenError("The claims are not from this registration system's provider", { code: 'ISSUER_MISMATCH' });
  }
  const verifiedEmail = claims.email && claims.emailVerified ? claims.email : null;
  const account = await db.transaction(async (trx) => {
    await lockUserKey(trx, registrationSystemId, claims.sub);
    const existing = await accountOfSubject(trx, registrationSystemId, claims);
    const anonymous = anonymousSessionId ? await lockEnabledAccount(trx, registrationSystemId, anonymousUserKey(anonymousSessionId)) : null;
    if (existing) {
      if (anonymous) {
        await moveAccountReferences(trx, anonymous.id, existing.id);
        await retireAccount(trx, anonymous.id, existing.id);
        return findAccountByUserKey(trx, registrationSystemId, existing.userKey);
      }
      return existing;
    }
    if (anonymous) await assignAccountUserKey(trx, anonymous.id, claims.sub, verifiedEmail);
    else await insertSelfRegisteredAccount(trx, { registrationSystemId, userKey: claims.sub, email: verifiedEmail });
    return findAccountByUserKey(trx, registrationSystemId, claims.sub);
  });
  if (!account) throw new Error('the signed-in account vanished');
  return issueTokenForAccount(account, settings);
}
