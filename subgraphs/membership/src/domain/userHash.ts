import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { HandoffRefusalReason } from '@ems/schema';

export type HashScheme = 'md5' | 'hmac-sha256';

export interface LinkCredentials {
  userKey: string;
  userHash: string;
  /** hmac-sha256 only: seconds since the epoch when the customer website signed the link. */
  timestamp?: string;
  /** hmac-sha256 only: a random value, accepted once. */
  nonce?: string;
}

export type HashCheck = { ok: true } | { ok: false; reason: HandoffRefusalReason };

const HEX = /^[0-9a-f]+$/i;
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;
const TIMESTAMP = /^\d{1,12}$/;

/** md5: hex MD5 of secret followed by userKey (what existing customer websites send). */
export function md5UserHash(secret: string, userKey: string): string {
  return createHash('md5')
    .update(secret + userKey, 'utf8')
    .digest('hex');
}

/** hmac-sha256: hex HMAC-SHA256 with the secret as key over `userKey:timestamp:nonce`. */
export function hmacUserHash(secret: string, userKey: string, timestamp: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${userKey}:${timestamp}:${nonce}`, 'utf8').digest('hex');
}

function equalHex(expected: string, presented: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(presented.toLowerCase(), 'utf8');
  // Lengths are public (every valid hash of a scheme has the same length).
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the link's hash against every active secret of the tenant (several during a secret
 * rotation). Every secret is tried, so timing does not reveal which one matched. Freshness and
 * replay of hmac-sha256 links are checked by the caller after the signature, see handoff.ts.
 */
export function checkUserHash(scheme: HashScheme, secrets: string[], creds: LinkCredentials): HashCheck {
  if (secrets.length === 0) return { ok: false, reason: 'no_secret' };
  if (!HEX.test(creds.userHash)) return { ok: false, reason: 'malformed' };
  let matched = false;
  if (scheme === 'md5') {
    for (const secret of secrets) matched = equalHex(md5UserHash(secret, creds.userKey), creds.userHash) || matched;
  } else {
    const { timestamp, nonce } = creds;
    if (!timestamp || !nonce || !TIMESTAMP.test(timestamp) || !NONCE.test(nonce)) return { ok: false, reason: 'malformed' };
    for (const secret of secrets) {
      matched = equalHex(hmacUserHash(secret, creds.userKey, timestamp, nonce), creds.userHash) || matched;
    }
  }
  return matched ? { ok: true } : { ok: false, reason: 'bad_signature' };
}

/** Whether a timestamped link is still fresh: not older than maxAge, not from the future. */
export function checkFreshness(timestamp: string, now: Date, maxAgeSeconds: number, skewSeconds: number): HashCheck {
  const signedAt = Number(timestamp);
  const nowSeconds = now.getTime() / 1000;
  if (nowSeconds - signedAt > maxAgeSeconds || signedAt - nowSeconds > skewSeconds) return { ok: false, reason: 'expired' };
  return { ok: true };
}
