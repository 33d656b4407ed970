import { hkdfSync, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { TooManyRequestsError } from '@ems/schema';
import type { RateLimit } from '@ems/service-runtime';
import { clientAddress } from '../auth/signInLimits';
import type { PendingSignIn } from './relyingParty';

/** What the callback gets back: the pending sign-in and the client address that started it. */
export type StartedSignIn<T> = T & { startedFrom: string };

/** Long enough to sign in at the provider (a password manager, a second factor); a pending sign-in is no use after. */
export const PENDING_SIGN_IN_SECONDS = 600;

/**
 * An OpenID Connect sign-in between the redirect to the provider and its callback (state, nonce,
 * PKCE verifier, where to go back) kept in the browser, in a short-lived cookie: an encrypted JWT
 * (jose, JWE `dir` with A256GCM) under a key derived from the router's session secret (docs/decisions.md): the
 * start writes nothing on the server, so anonymous requests to it cost no session row, and the
 * browser can neither read nor change what it carries. Scoped to the callback's path and used
 * once: the callback clears it, and each seal's random `jti` is spent on the server (`used`, a
 * one-point limit in the shared database for as long as a seal lives), so a saved copy of the
 * cookie replayed later finds nothing either.
 */
export class PendingSignInCookie<T extends PendingSignIn> {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** The cookie's name, also bound into the seal: a value of one cookie is nothing in another. */
    readonly name: string,
    /** The callback's path: the browser sends the cookie there only. */
    private readonly path: string,
    /** Spends each seal's `jti` once, in every router (pendingSignInUses in server.ts). */
    private readonly used: RateLimit,
  ) {
    this.key = pendingSignInKey(secret);
  }

  /** Keeps `pending` in the browser until the callback, with the address that started it (its sign-in attempt is that address's). */
  async keep(req: Request, res: Response, pending: T): Promise<void> {
    const started: StartedSignIn<T> = { ...pending, startedFrom: clientAddress(req) };
    res.cookie(this.name, await sealPendingSignIn(this.key, this.name, started, Date.now() + PENDING_SIGN_IN_SECONDS * 1000), {
      httpOnly: true,
      // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
      sameSite: 'lax',
      secure: req.secure,
      path: this.path,
      maxAge: PENDING_SIGN_IN_SECONDS * 1000,
    });
  }

  /**
   * The pending sign-in this browser started, at most once: the cookie is cleared whatever it held,
   * and a seal whose `jti` was already spent is treated as expired.
   */
  async take(req: Request, res: Response): Promise<StartedSignIn<T> | null> {
    const sealed = cookieValue(req.get('cookie'), this.name);
    if (sealed === undefined) return null;
    res.clearCookie(this.name, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: this.path });
    const opened = await openSealedSignIn<StartedSignIn<T>>(this.key, this.name, sealed, Date.now());
    if (!opened || typeof opened.pending.startedFrom !== 'string') return null;
    try {
      await this.used.consume(opened.jti);
    } catch (err) {
      if (err instanceof TooManyRequestsError) return null;
      throw err;
    }
    return opened.pending;
  }
}

/** The cookie key: its own, derived from the session secret (HKDF), never the secret itself. */
export function pendingSignInKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'ems pending OpenID sign-in cookie', 32));
}

/**
 * `pending` encrypted and authenticated, bound to the cookie's name (the JWT's audience), until
 * `expiresAt` (ms), under a random `jti` the callback spends.
 */
export async function sealPendingSignIn(key: Buffer, name: string, pending: object, expiresAt: number): Promise<string> {
  return new EncryptJWT({ pending })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(name)
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .encrypt(key);
}

/** The sealed value's content, or null when it was not sealed with this key and name, is damaged or has expired. */
export async function openPendingSignIn<T>(key: Buffer, name: string, sealed: string, now: number): Promise<T | null> {
  return (await openSealedSignIn<T>(key, name, sealed, now))?.pending ?? null;
}

/** `openPendingSignIn` with the seal's `jti`; null without one too. */
async function openSealedSignIn<T>(key: Buffer, name: string, sealed: string, now: number): Promise<{ pending: T; jti: string } | null> {
  try {
    const { payload } = await jwtDecrypt<{ pending: T }>(sealed, key, {
      audience: name,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'jti'],
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    if (!payload.pending || typeof payload.jti !== 'string') return null;
    return { pending: payload.pending, jti: payload.jti };
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
