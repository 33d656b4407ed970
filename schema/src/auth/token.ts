import jwt from 'jsonwebtoken';
import { AuthenticationError } from '../errors';
import { hmacKey } from './hmacKey';
import { AUTH_ERRORS } from './messages';

/** The contract's constants for tokens issued by the admin service. */
export const TOKEN_ISSUER = 'event-admin-service';
export const TOKEN_AUDIENCE = 'registration-portal';
export const TOKEN_ALGORITHM = 'HS512' as const;
export const TOKEN_SCOPE_PUBLIC = 'public';
export const DEFAULT_TOKEN_VALIDITY_SECONDS = 1800;
/** HS512 wants a key at least as long as its output; shorter secrets are refused at start-up. */
export const MIN_JWT_SECRET_LENGTH = 64;

/** Every claim of the contract's "JWT claims" table, plus the tenant the user key belongs to. */
export interface AccessTokenClaims {
  sub: string;
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  userKey: string;
  scope: string;
  authorities: string[];
  accountId: number;
  personId: number | null;
  orgId: number | null;
  /** Not in the contract's table: a user key is unique only within its registration system. */
  registrationSystemId: number;
}

export type AccessTokenSubject = Omit<AccessTokenClaims, 'iss' | 'aud' | 'exp' | 'iat' | 'sub' | 'scope'>;

/** The contract's token response of `/api/auth/exchange` and `/api/auth/refresh`. */
export interface TokenResponse {
  token: string;
  expiresIn: number;
  expiresAt: string;
}

export function signAccessToken(
  subject: AccessTokenSubject,
  secret: string,
  validitySeconds: number,
  now: Date = new Date(),
): TokenResponse {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + validitySeconds;
  const claims: AccessTokenClaims = {
    sub: String(subject.accountId),
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat,
    exp,
    scope: TOKEN_SCOPE_PUBLIC,
    ...subject,
  };
  const token = jwt.sign(claims, hmacKey(secret), { algorithm: TOKEN_ALGORITHM });
  return { token, expiresIn: validitySeconds, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * Verifies signature (HS512 only: `none` and every other algorithm are refused), issuer,
 * audience and expiry. An expired token gets the contract's 'Token expired' error; any other
 * defect is a plain 401 without detail.
 */
export function verifyAccessToken(token: string, secret: string): AccessTokenClaims {
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, hmacKey(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
  } catch (err) {
    if (err instanceof jwt.TokenExpiredError) {
      throw new AuthenticationError(AUTH_ERRORS.tokenExpired.message, { error: AUTH_ERRORS.tokenExpired.error });
    }
    throw new AuthenticationError('Invalid token', { code: 'INVALID_TOKEN' });
  }
  if (!isAccessTokenClaims(payload)) {
    throw new AuthenticationError('Invalid token', { code: 'INVALID_TOKEN' });
  }
  return payload;
}

function isAccessTokenClaims(p: unknown): p is AccessTokenClaims {
  if (typeof p !== 'object' || p === null) return false;
  const c = p as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    typeof c.exp === 'number' &&
    typeof c.userKey === 'string' &&
    typeof c.accountId === 'number' &&
    typeof c.registrationSystemId === 'number' &&
    Array.isArray(c.authorities) &&
    c.authorities.every((a) => typeof a === 'string')
  );
}

/** Reads `exp` without verifying; for the gateway, which holds no signing secret. */
export function readTokenExpiry(token: string): Date | null {
  const decoded = jwt.decode(token);
  if (decoded && typeof decoded === 'object' && typeof decoded.exp === 'number') {
    return new Date(decoded.exp * 1000);
  }
  return null;
}

/** Reads claims without verifying; for the gateway, which got the token over its authenticated channel. */
export function readTokenClaims(token: string): Partial<AccessTokenClaims> | null {
  const decoded = jwt.decode(token);
  return decoded && typeof decoded === 'object' ? (decoded as Partial<AccessTokenClaims>) : null;
}
