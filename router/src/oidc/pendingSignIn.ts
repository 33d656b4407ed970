import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { PendingSignIn } from './relyingParty';

/** Long enough to sign in at the provider (a password manager, a second factor); a pending sign-in is no use after. */
export const PENDING_SIGN_IN_SECONDS = 600;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * An OpenID Connect sign-in between the redirect to the provider and its callback (state, nonce,
 * PKCE verifier, where to go back) kept in the browser, in a short-lived cookie sealed with
 * AES-256-GCM under a key derived from the router's session secret (docs/decisions.md): the
 * start writes nothing on the server, so anonymous requests to it cost no session row, and the
 * browser can neither read nor change what it carries. Scoped to the callback's path and used
 * once (the callback clears it).
 */
export class PendingSignInCookie<T extends PendingSignIn> {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** The cookie's name, also bound into the seal: a value of one cookie is nothing in another. */
    readonly name: string,
    /** The callback's path: the browser sends the cookie there only. */
    private readonly path: string,
  ) {
    this.key = pendingSignInKey(secret);
  }

  /** Keeps `pending` in the browser until the callback. */
  keep(req: Request, res: Response, pending: T): void {
    res.cookie(this.name, sealPendingSignIn(this.key, this.name, pending, Date.now() + PENDING_SIGN_IN_SECONDS * 1000), {
      httpOnly: true,
      // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
      sameSite: 'lax',
      secure: req.secure,
      path: this.path,
      maxAge: PENDING_SIGN_IN_SECONDS * 1000,
    });
  }

  /** The pending sign-in this browser started, at most once: the cookie is cleared whatever it held. */
  take(req: Request, res: Response): T | null {
    const sealed = cookieValue(req.get('cookie'), this.name);
    if (sealed === undefined) return null;
    res.clearCookie(this.name, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: this.path });
    return openPendingSignIn<T>(this.key, this.name, sealed, Date.now());
  }
}

/** The cookie key: its own, derived from the session secret (HKDF), never the secret itself. */
export function pendingSignInKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'ems pending OpenID sign-in cookie', 32));
}

export function sealPendingSignIn(key: Buffer, name: string, pending: object, expiresAt: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(JSON.stringify({ ...pending, expiresAt }), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed value's content, or null when it was not sealed with this key and name, is damaged or has expired. */
export function openPendingSignIn<T>(key: Buffer, name: string, sealed: string, now: number): T | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const { expiresAt, ...pending } = JSON.parse(text) as { expiresAt?: unknown };
    if (typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return pending as T;
  } catch {
    return null;
  }
}

/** One cookie's value from a Cookie header (the router parses no cookies but the session's). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
