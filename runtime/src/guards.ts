import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  AUTH_ERRORS,
  AuthenticationError,
  looksLikePartnerToken,
  verifyAccessToken,
  verifyPartnerToken,
  type AccessTokenClaims,
  type PartnerCaller,
  type PartnerScope,
} from '@ems/schema';

/** What a verified API key tells a service about its caller. */
export interface ApiKeyCaller {
  id: number;
  portal: 'registration' | 'admin' | 'partner';
  registrationSystemId: number | null;
  organisationIds: number[] | null;
  /** What a partner key may read (empty for a portal's key). */
  scopes: PartnerScope[];
  /** When the key stops working (null or absent: never). */
  expiresAt?: Date | null;
}

export interface ApiKeyChecker {
  verify(presented: string | undefined | null): Promise<ApiKeyCaller | null>;
}

/** Authentication state attached to a request by the guards below. */
export interface RequestAuth {
  apiKey?: ApiKeyCaller;
  user?: AccessTokenClaims;
  /** A partner system's token (GraphQL only): its tenant, organisations and scopes, no user. */
  partner?: PartnerCaller;
  /** Authorities granted to this request (the token's, plus SCOPE_api-key for an ApiKey caller). */
  authorities: string[];
}

export function authOf(req: Request): RequestAuth {
  const r = req as Request & { auth?: RequestAuth };
  r.auth ??= { authorities: [] };
  return r.auth;
}

function invalidKey(): AuthenticationError {
  return new AuthenticationError(AUTH_ERRORS.invalidApiKey.message);
}

/**
 * Which keys a guard takes: a portal's own key (registration, admin) authenticates the portal
 * (contract rule 6); a partner key authenticates a partner system and only ever buys a partner
 * token, so it can neither act as a portal nor exchange a user key for a member's token.
 */
type KeyKind = 'portal' | 'partner';

function keyOfKind(caller: ApiKeyCaller | null, kind: KeyKind): ApiKeyCaller | null {
  if (!caller) return null;
  return (caller.portal === 'partner') === (kind === 'partner') ? caller : null;
}

/** `X-API-KEY: <key>`: the portal authenticates itself (contract rule 6). */
export function requireXApiKey(checker: ApiKeyChecker): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    checker
      .verify(req.get('x-api-key'))
      .then((verified) => {
        const caller = keyOfKind(verified, 'portal');
        if (!caller) return next(invalidKey());
        authOf(req).apiKey = caller;
        next();
      })
      .catch(next);
  };
}

/**
 * `Authorization: ApiKey <key>`: grants the authority SCOPE_api-key, which `/api/auth/exchange`
 * requires (contract rule 5). `kind` says whose key: a portal's (the exchange) or a partner's
 * (the partner token).
 */
export function requireApiKeyAuthorization(checker: ApiKeyChecker, kind: KeyKind = 'portal'): RequestHandler {
  return (req, _res, next) => {
    const match = /^ApiKey\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    checker
      .verify(match?.[1])
      .then((verified) => {
        const caller = keyOfKind(verified, kind);
        if (!caller) return next(invalidKey());
        const auth = authOf(req);
        auth.apiKey = caller;
        auth.authorities = [...auth.authorities, 'SCOPE_api-key'];
        next();
      })
      .catch(next);
  };
}

export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

/** Every `/api/**` path but the exchange needs a valid bearer token (contract rule 5). */
export function requireBearer(jwtSecret: string): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) return next(new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' }));
    try {
      const claims = verifyAccessToken(token, jwtSecret);
      const auth = authOf(req);
      auth.user = claims;
      auth.authorities = [...auth.authorities, ...claims.authorities];
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * For GraphQL: a bearer token is optional, but when present it must be valid. It is a member's
 * token or a partner system's (told apart by their audiences); REST paths take members' only.
 */
export function optionalBearer(jwtSecret: string): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) return next();
    if (!looksLikePartnerToken(token)) return requireBearer(jwtSecret)(req, _res, next);
    try {
      authOf(req).partner = verifyPartnerToken(token, jwtSecret);
      next();
    } catch (err) {
      next(err);
    }
  };
}
