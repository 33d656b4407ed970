import jwt from 'jsonwebtoken';
import { AuthenticationError } from '../errors';
import { AUTH_ERRORS } from './messages';
import { hmacKey } from './hmacKey';
import { TOKEN_ALGORITHM, TOKEN_ISSUER, type TokenResponse } from './token';

/**
 * Tokens for partner systems (a federation's register, accounting, timing companies): issued for
 * a partner API key, they carry the key's tenant, organisations and scopes and no user. Their own
 * audience keeps them apart from member tokens: `verifyAccessToken` refuses a partner token and
 * `verifyPartnerToken` a member token, so neither can stand in for the other.
 */
export const PARTNER_TOKEN_AUDIENCE = 'partner-api';

/** What a partner key may read; a key holds a subset. Nothing writes without a scope that says so. */
export const PARTNER_SCOPES = ['members:read', 'members:pii', 'events:read', 'imports:read'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

export function isPartnerScope(value: string): value is PartnerScope {
  return (PARTNER_SCOPES as readonly string[]).includes(value);
}

export interface PartnerTokenClaims {
  /** `apikey:<id>`: the key, never a user. */
  sub: string;
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  kind: 'partner';
  keyId: number;
  registrationSystemId: number;
  organisationIds: number[];
  scopes: PartnerScope[];
}

/** The caller a verified partner token describes (RequestAuth.partner in the services). */
export type PartnerCaller = Pick<PartnerTokenClaims, 'keyId' | 'registrationSystemId' | 'organisationIds' | 'scopes'>;

export function signPartnerToken(caller: PartnerCaller, secret: string, validitySeconds: number, now: Date = new Date()): TokenResponse {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + validitySeconds;
  const claims: PartnerTokenClaims = {
    sub: `apikey:${caller.keyId}`,
    iss: TOKEN_ISSUER,
    aud: PARTNER_TOKEN_AUDIENCE,
    iat,
    exp,
    kind: 'partner',
    keyId: caller.keyId,
    registrationSystemId: caller.registrationSystemId,
    organisationIds: [...caller.organisationIds],
    scopes: [...caller.scopes],
  };
  const token = jwt.sign(claims, hmacKey(secret), { algorithm: TOKEN_ALGORITHM });
  return { token, expiresIn: validitySeconds, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Whether a bearer token claims to be a partner token (unverified: only to pick the verifier). */
export function looksLikePartnerToken(token: string): boolean {
  const decoded = jwt.decode(token);
  return typeof decoded === 'object' && decoded !== null && decoded.kind === 'partner';
}

/** Verifies like `verifyAccessToken` (HS512 only, issuer, the partner audience, expiry) and returns the caller. */
export function verifyPartnerToken(token: string, secret: string): PartnerCaller {
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, hmacKey(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: PARTNER_TOKEN_AUDIENCE,
    });
  } catch (err) {
    if (err instanceof jwt.TokenExpiredError) {
      throw new AuthenticationError(AUTH_ERRORS.tokenExpired.message, { error: AUTH_ERRORS.tokenExpired.error });
    }
    throw new AuthenticationError('Invalid token', { code: 'INVALID_TOKEN' });
  }
  if (!isPartnerClaims(payload)) throw new AuthenticationError('Invalid token', { code: 'INVALID_TOKEN' });
  return {
    keyId: payload.keyId,
    registrationSystemId: payload.registrationSystemId,
    organisationIds: payload.organisationIds,
    scopes: payload.scopes,
  };
}

function isPartnerClaims(p: unknown): p is PartnerTokenClaims {
  if (typeof p !== 'object' || p === null) return false;
  const c = p as Record<string, unknown>;
  return (
    c.kind === 'partner' &&
    typeof c.keyId === 'number' &&
    typeof c.registrationSystemId === 'number' &&
    Array.isArray(c.organisationIds) &&
    c.organisationIds.every((o) => typeof o === 'number') &&
    Array.isArray(c.scopes) &&
    c.scopes.every((s) => typeof s === 'string' && isPartnerScope(s))
  );
}
