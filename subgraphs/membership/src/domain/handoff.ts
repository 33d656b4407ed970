import type { Knex } from '@ems/db';
import {
  AUTH_ERRORS,
  AuthenticationError,
  ForbiddenError,
  NotFoundError,
  type HandoffRefusalReason,
  type TokenResponse,
} from '@ems/schema';
import { findAccountByUserKey } from '../data/accounts';
import { insertHandoffAttempt } from '../data/handoffAttempts';
import { claimNonce } from '../data/nonces';
import { findTenantAuthSettings } from '../data/tenants';
import { issueTokenForAccount, type TokenSettings } from './tokens';
import { checkFreshness, checkUserHash, type LinkCredentials } from './userHash';

export interface HandoffRequest extends LinkCredentials {
  registrationSystemId: number;
  clientAddress: string | null;
  /** Tenant the calling API key is limited to, if any. */
  keyTenant: number | null;
}

export interface HandoffSettings extends TokenSettings {
  clockSkewSeconds: number;
}

/** Refusals that mean "the link's verification failed" get the contract's hash error text. */
const LINK_REASONS: ReadonlySet<HandoffRefusalReason> = new Set(['bad_signature', 'expired', 'replayed', 'malformed', 'no_secret']);

function refusal(reason: HandoffRefusalReason): Error {
  if (LINK_REASONS.has(reason)) {
    return new AuthenticationError(AUTH_ERRORS.invalidHash.message, {
      error: AUTH_ERRORS.invalidHash.error,
      reason,
      code: 'HANDOFF_REFUSED',
    });
  }
  if (reason === 'unknown_user') {
    return new NotFoundError(AUTH_ERRORS.userNotFound.message, { reason, code: 'USER_NOT_FOUND' });
  }
  if (reason === 'unknown_tenant') {
    return new NotFoundError('Registration system not found', { reason, code: 'TENANT_NOT_FOUND' });
  }
  return new ForbiddenError('Hand-off refused', { reason, code: 'HANDOFF_REFUSED' });
}

/**
 * The hash-based sign-in (`POST /auth/external-login`): checks the link against the tenant's
 * scheme and active secrets, its freshness and nonce (hmac-sha256), finds the user, and issues a
 * token. Every attempt, accepted or refused, is recorded with its reason.
 */
export async function externalLogin(db: Knex, req: HandoffRequest, settings: HandoffSettings, now = new Date()): Promise<TokenResponse> {
  const tenant =
    req.keyTenant !== null && req.keyTenant !== req.registrationSystemId
      ? null
      : await findTenantAuthSettings(db, req.registrationSystemId);
  const record = async (reason: HandoffRefusalReason | null) =>
    insertHandoffAttempt(db, {
      registrationSystemId: tenant?.id ?? null,
      userKey: req.userKey,
      scheme: tenant?.hashScheme ?? null,
      result: reason ? 'refused' : 'accepted',
      reason,
      clientAddress: req.clientAddress,
    });
  const refuse = async (reason: HandoffRefusalReason): Promise<never> => {
    await record(reason);
    throw refusal(reason);
  };

  if (!tenant) return refuse('unknown_tenant');
  const signature = checkUserHash(tenant.hashScheme, tenant.secrets, req);
  if (!signature.ok) return refuse(signature.reason);
  if (tenant.hashScheme === 'hmac-sha256') {
    // Both present and well-formed: checkUserHash refused the link otherwise.
    const timestamp = req.timestamp as string;
    const fresh = checkFreshness(timestamp, now, tenant.hashMaxAgeSeconds, settings.clockSkewSeconds);
    if (!fresh.ok) return refuse(fresh.reason);
    const nonceExpiry = new Date((Number(timestamp) + tenant.hashMaxAgeSeconds + settings.clockSkewSeconds) * 1000);
    if (!(await claimNonce(db, tenant.id, req.nonce as string, nonceExpiry))) return refuse('replayed');
  }
  const account = await findAccountByUserKey(db, tenant.id, req.userKey);
  if (!account) return refuse('unknown_user');
  await record(null);
  return issueTokenForAccount(account, settings, now);
}
