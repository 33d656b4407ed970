import { ForbiddenError, signPartnerToken, type TokenResponse } from '@ems/schema';
import type { ApiKeyCaller } from '@ems/service-runtime';

export interface PartnerTokenSettings {
  jwtSecret: string;
  /** PARTNER_TOKEN_VALIDITY_SECONDS: short, since a revoked key's token stays valid at the subgraphs until it expires. */
  validitySeconds: number;
}

/**
 * The partner token for a verified partner key (docs/partner-api.md): the key's registration
 * system, organisations and scopes, no user. It never outlives the key, so an expiring key (the
 * old key of a rotation) stops working when it should and not a token's lifetime later.
 */
export function issuePartnerToken(key: ApiKeyCaller, settings: PartnerTokenSettings, now = new Date()): TokenResponse {
  const { registrationSystemId, organisationIds, scopes } = key;
  // Keys stored before scopes existed (or edited by hand) read nothing rather than everything.
  if (key.portal !== 'partner' || registrationSystemId === null || !organisationIds?.length || !scopes.length) {
    throw new ForbiddenError('This partner key names no registration system, organisation or scope: create a new one', {
      code: 'PARTNER_KEY_INCOMPLETE',
    });
  }
  const keyLeftSeconds = key.expiresAt ? Math.floor((key.expiresAt.getTime() - now.getTime()) / 1000) : Infinity;
  const validitySeconds = Math.max(1, Math.min(settings.validitySeconds, keyLeftSeconds));
  return signPartnerToken({ keyId: key.id, registrationSystemId, organisationIds, scopes }, settings.jwtSecret, validitySeconds, now);
}
