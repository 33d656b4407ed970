import type { Request } from 'express';
import 'express-session';
import { readTokenClaims, UpstreamError } from '@ems/schema';
import { regenerateSession } from '../session/middleware';
import { isStoredSession } from '../session/pgStore';
import '../session/authState';

declare module 'express-session' {
  interface SessionData {
    /**
     * The anonymous registration this session continues (contract rule 12): passed to the
     * exchange when the member signs in, so that it is kept. Absent once signed in.
     */
    anonymousSessionId?: string;
  }
}

/**
 * Keeps a member's token in the server-side session (contract rule 2: never sent on), under a
 * new session id: a sign-in changes what the session may do. What else the session held goes,
 * an anonymous registration (handed over by now) included.
 */
export async function keepMemberToken(
  req: Request,
  token: { token: string; expiresAt: number },
  anonymousSessionId?: string,
): Promise<void> {
  const claims = readTokenClaims(token.token);
  if (typeof claims?.accountId !== 'number' || typeof claims.userKey !== 'string' || typeof claims.registrationSystemId !== 'number') {
    throw new UpstreamError('Admin service returned an unexpected token', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
  }
  if (isStoredSession(req)) await regenerateSession(req);
  req.session.auth = {
    token: token.token,
    expiresAt: token.expiresAt,
    accountId: claims.accountId,
    userKey: claims.userKey,
    registrationSystemId: claims.registrationSystemId,
  };
  if (anonymousSessionId) req.session.anonymousSessionId = anonymousSessionId;
}

/** Who the session is on this tenant: a member, an anonymous registration, or nobody. */
export function memberSessionKind(req: Request, registrationSystemId: number): 'member' | 'anonymous' | null {
  const auth = req.session?.auth;
  if (!auth || auth.expiresAt <= Date.now() || auth.registrationSystemId !== registrationSystemId) return null;
  return req.session.anonymousSessionId ? 'anonymous' : 'member';
}
