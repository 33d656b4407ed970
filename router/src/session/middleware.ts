import session from 'express-session';
import type { Request, RequestHandler } from 'express';
import type { PgSessionStore } from './pgStore';

/** The registration portal's cookie; the admin portal's router names its own (SESSION_COOKIE_NAME). */
export const SESSION_COOKIE = 'ems.sid';

/**
 * The browser's session: an opaque, signed, HttpOnly cookie; the JWT stays in PostgreSQL.
 * Idle time-out is rolling (every response renews the cookie), nothing is stored before login,
 * and the cookie is Secure whenever the request came over TLS (see TRUST_PROXY).
 */
export function sessionMiddleware(store: PgSessionStore, secret: string, idleSeconds: number, cookieName = SESSION_COOKIE): RequestHandler {
  return session({
    name: cookieName,
    store,
    secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: idleSeconds * 1000, path: '/' },
  });
}

/** Gives the request's session a new id (a sign-in changes what the session may do: an id seen before is worth nothing after). */
export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}
