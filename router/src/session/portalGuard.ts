import type { RequestHandler } from 'express';
import { isStoredSession } from './pgStore';

export type PortalName = 'registration' | 'admin';

declare module 'express-session' {
  interface SessionData {
    /** The portal whose router made the session; absent on the registration portal's sessions. */
    portal?: 'admin';
  }
}

/** Paths that read the session: the admin portal's sign-in lives under /auth (the member portal's under /api/auth). */
export function sessionPaths(portal: PortalName): string[] {
  return portal === 'admin' ? ['/api', '/services', '/graphql', '/auth'] : ['/api', '/services', '/graphql'];
}

/**
 * A session is good only on its own portal's router: both routers share the session table, so a
 * member's session id presented to the admin router (or an operator's to the member router), under
 * whatever cookie name, gets a fresh empty session instead. The other session is left as it is:
 * it is neither read further, changed nor destroyed here. A session made for this request (no
 * cookie, or one naming no session) is no other portal's and is left alone: replacing it would make
 * it look changed, and express-session would store it and answer with a Set-Cookie that overwrites
 * the browser's real session (a logo read without cookies did that).
 */
export function portalSessionGuard(portal: PortalName): RequestHandler {
  return (req, _res, next) => {
    if (isStoredSession(req) && (req.session.portal ?? 'registration') !== portal) req.sessionStore.generate(req);
    next();
  };
}
