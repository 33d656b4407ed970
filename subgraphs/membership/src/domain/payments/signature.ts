import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** `sha256=<hex HMAC-SHA256 of the body>` (the built-in provider's `x-builtin-signature`). */
export function signPayload(secret: string, body: string | Buffer): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/** Compares in constant time, so the signature cannot be found byte by byte from response times. */
export function verifyPayloadSignature(secret: string, body: Buffer, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(signPayload(secret, body));
  const given = Buffer.from(presented.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
