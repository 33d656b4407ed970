import type { RequestHandler } from 'express';
import type { Session } from 'express-session';

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
 * it is neither read further, changed nor destroyed here.
 */
export function portalSessionGuard(portal: PortalName): RequestHandler {
  return (req, _res, next) => {
    if (req.session && !madeForThisRequest(req.session) && (req.session.portal ?? 'registration') !== portal)
      req.sessionStore.generate(req);
    next();
  };
}

/**
 * Nothing is stored before sign-in, so a session holding nothing but its cookie was made for this
 * request (it came without a cookie, or the cookie named no session). It is no other portal's, and
 * replacing it would make it look changed: express-session would then store it and answer with a
 * Set-Cookie that overwrites the browser's real session (a logo read without cookies did that).
 */
function madeForThisRequest(session: Session): boolean {
  return Object.keys(session).every((key) => key === 'cookie');
}
