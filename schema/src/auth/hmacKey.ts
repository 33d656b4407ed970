import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HMAC key object for a secret, made once. Given a plain string, jsonwebtoken first tries to
 * read it as a PEM public key (and fails) on every call: about 1.5 ms per request.
 */
export function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}
