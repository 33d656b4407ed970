import { AuthenticationError, ForbiddenError } from '../errors';
import type { PartnerCaller, PartnerScope } from '../auth/partnerToken';

/**
 * Who may use the partner API (docs/partner-api.md, "Scopes"): only a partner token, and each
 * list only with the scope that names it. One rule for every subgraph that answers a partner.
 */

/** The part of a service's request authentication these rules read (RequestAuth in @ems/service-runtime). */
export interface PartnerApiAuth {
  user?: unknown;
  partner?: PartnerCaller;
}

/**
 * The partner behind the request. Anonymous callers are not authenticated; a member's or an
 * operator's token is authenticated but is not a partner key, so the partner API is refused to it.
 */
export function requirePartner(auth: PartnerApiAuth): PartnerCaller {
  if (auth.partner) return auth.partner;
  if (!auth.user) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
  throw new ForbiddenError('The partner API answers partner keys only (Authorization: ApiKey <key>)', { code: 'PARTNER_KEY_REQUIRED' });
}

export function partnerHasScope(partner: PartnerCaller, scope: PartnerScope): boolean {
  return partner.scopes.includes(scope);
}

/** The refusal of something the key's scopes do not cover, naming the scope it needs. */
export function missingScope(scope: PartnerScope): ForbiddenError {
  return new ForbiddenError(`This partner key lacks the scope ${scope}`, { code: 'MISSING_SCOPE', details: { scope } });
}

/** The partner, if its key holds `scope`; otherwise a refusal naming the missing scope. */
export function requirePartnerScope(auth: PartnerApiAuth, scope: PartnerScope): PartnerCaller {
  const partner = requirePartner(auth);
  if (!partnerHasScope(partner, scope)) throw missingScope(scope);
  return partner;
}
