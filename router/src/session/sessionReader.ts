import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { SessionData } from 'express-session';
import type { ThrottledPgStore } from './throttledStore';

/** Verified cookie values kept at most; past that the memo starts over (a cheap bound). */
const MAX_VERIFIED = 10_000;

export interface SessionReaderOptions {
  store: ThrottledPgStore;
  cookieName: string;
  secret: string;
  idleSeconds: number;
}

/**
 * The session of a request that only reads it: GraphQL and the proxied REST calls, nearly every
 * request the router sees. It does what express-session does for such a request, with the same
 * cookie, store and session object, and skips what costs without serving it (a router profile
 * put express-session at a fifth of the CPU of a proxied call):
 *
 * - the cookie's signature is checked once per cookie value, not on every request;
 * - the rolling cookie is the same signed value with a new expiry, so it is not signed again;
 * - the session is not hashed twice to find out whether it changed: the one change made here
 *   (an early token refresh in SessionTokens) saves itself;
 * - the throttled touch runs after the answer is sent instead of holding it back.
 *
 * Sign-in, refresh and logout, which create, replace and destroy sessions, keep express-session
 * (see sessionMiddleware). Both read and write the same `s:<sid>.<signature>` cookie.
 */
export function sessionReader({ store, cookieName, secret, idleSeconds }: SessionReaderOptions): RequestHandler {
  const verified = new Map<string, string>();
  const prefix = `${cookieName}=`;
  const idleMs = idleSeconds * 1000;

  const sidOf = (signedValue: string): string | undefined => {
    const known = verified.get(signedValue);
    if (known !== undefined) return known;
    const sid = unsign(signedValue, secret);
    if (sid === undefined) return undefined;
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(signedValue, sid);
    return sid;
  };

  return (req, res, next) => {
    const signedValue = cookieValue(req.headers.cookie, prefix);
    const sid = signedValue?.startsWith('s:') ? sidOf(signedValue.slice(2)) : undefined;
    if (sid === undefined) return next();
    store.get(sid, (err, data) => {
      if (err) return next(err);
      // Ended or expired: like express-session, the request goes on without a session or cookie.
      if (!data) return next();
      req.sessionID = sid;
      // express-session adds `generate` to the store it is given; this store is given to it too.
      req.sessionStore = store as unknown as Request['sessionStore'];
      const session = store.createSession(req, data as SessionData & { cookie: SessionData['cookie'] });
      // Rolling: the idle window starts again now (setting maxAge sets the expiry).
      session.cookie.maxAge = idleMs;
      session.cookie.secure = req.secure;
      res.setHeader('set-cookie', serializeCookie(cookieName, signedValue!, session.cookie));
      res.once('finish', () => {
        // A session ended meanwhile (logout elsewhere) is not brought back: see ThrottledPgStore.
        store.touch(sid, session, () => undefined);
      });
      next();
    });
  };
}

/** The value of one cookie in a Cookie header, URL-decoded as the `cookie` package does. */
function cookieValue(header: string | undefined, prefix: string): string | undefined {
  if (!header) return undefined;
  let start = header.startsWith(prefix) ? 0 : header.indexOf(`; ${prefix}`);
  if (start < 0) start = header.indexOf(`;${prefix}`);
  if (start < 0) return undefined;
  start = header.indexOf('=', start) + 1;
  const end = header.indexOf(';', start);
  const raw = header.slice(start, end < 0 ? undefined : end).trim();
  try {
    return raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
}

/** cookie-signature's scheme (HMAC-SHA256, unpadded base64), as express-session signs. */
export function sign(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

function unsign(signed: string, secret: string): string | undefined {
  const value = signed.slice(0, signed.lastIndexOf('.'));
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : undefined;
}

/** The attributes express-session writes (see sessionMiddleware), in the `cookie` package's order. */
function serializeCookie(name: string, signedValue: string, cookie: { expires?: Date | null; secure?: boolean | 'auto' }): string {
  const expires = cookie.expires ? `; Expires=${httpDate(cookie.expires)}` : '';
  const secure = cookie.secure === true ? '; Secure' : '';
  return `${name}=${encodeURIComponent(signedValue)}; Path=/${expires}; HttpOnly${secure}; SameSite=Lax`;
}

/** `toUTCString`, formatted once per second: it showed in profiles, and it has no finer resolution. */
let formattedSecond = Number.NaN;
let formattedDate = '';
function httpDate(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== formattedSecond) {
    formattedSecond = second;
    formattedDate = date.toUTCString();
  }
  return formattedDate;
}
