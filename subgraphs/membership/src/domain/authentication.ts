import type { Knex } from '@ems/db';
import {
  AUTH_ERRORS,
  ForbiddenError,
  InputError,
  NotFoundError,
  OPERATOR_AUTHORITY,
  type AccessTokenClaims,
  type TokenResponse,
} from '@ems/schema';
import { findAccountByUserKey, findAccountIdByUserKey } from '../data/accounts';
import { findTenantIdByHost } from '../data/tenants';
import { anonymousAuthorities } from './memberSignIn/anonymousSession';
import { issueTokenForAccount, type TokenSettings } from './tokens';

function userNotFound(): NotFoundError {
  return new NotFoundError(AUTH_ERRORS.userNotFound.message);
}

/**
 * Picks the tenant of a key-authenticated call: a tenant-scoped key decides; a platform key
 * (the portal's) takes it from the request, else from the configured default.
 */
export function resolveCallerTenant(keyTenant: number | null, requested: number | undefined, fallback: number | undefined): number {
  if (keyTenant !== null) {
    if (requested !== undefined && requested !== keyTenant) {
      throw new ForbiddenError('The API key is not valid for this registration system', { code: 'TENANT_MISMATCH' });
    }
    return keyTenant;
  }
  const tenant = requested ?? fallback;
  if (tenant === undefined) throw new InputError('registrationSystemId is required', { code: 'TENANT_REQUIRED' });
  return tenant;
}

/** `POST /api/auth/exchange`: a user key for a token, on the word of an API key holder. */
export async function exchangeUserKey(
  db: Knex,
  registrationSystemId: number,
  userKey: string,
  settings: TokenSettings,
): Promise<TokenResponse> {
  const account = await findAccountByUserKey(db, registrationSystemId, userKey);
  if (!account) throw userNotFound();
  return issueTokenForAccount(account, settings);
}

/** `POST /api/auth/refresh`: a new token for the user named by the current token's userKey. */
export async function refreshToken(db: Knex, claims: AccessTokenClaims, settings: TokenSettings): Promise<TokenResponse> {
  const account = await findAccountByUserKey(db, claims.registrationSystemId, claims.userKey);
  if (!account) throw userNotFound();
  // An operator's token (admin portal) stays one while the account administers an organisation.
  const operator = claims.authorities.includes(OPERATOR_AUTHORITY) && account.orgUsers.some((o) => o.roles.includes('ROLE_ORG_ADMIN'));
  // An anonymous registration's token stays one until the member signs in (rule 12).
  return issueTokenForAccount(account, settings, new Date(), operator ? [OPERATOR_AUTHORITY] : anonymousAuthorities(account.userKey));
}

/**
 * The gateway's step (1): the registration system a host name serves. A tenant-scoped key only
 * learns of its own tenant.
 */
export async function tenantForHost(db: Knex, keyTenant: number | null, host: string): Promise<number> {
  const id = await findTenantIdByHost(db, host.toLowerCase());
  if (id === null || (keyTenant !== null && id !== keyTenant)) {
    throw new NotFoundError(`No registration system is configured for host '${host}'`, { code: 'UNKNOWN_TENANT' });
  }
  return id;
}

/** The account behind a user key, for the gateway's "end every session of a user". */
export async function accountIdForUserKey(db: Knex, registrationSystemId: number, userKey: string): Promise<number> {
  const id = await findAccountIdByUserKey(db, registrationSystemId, userKey);
  if (id === null) throw userNotFound();
  return id;
}
