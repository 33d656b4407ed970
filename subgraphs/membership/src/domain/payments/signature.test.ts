import { signPayload, verifyPayloadSignature } from './signature';
import { withQuery } from './urls';

describe('webhook signatures (HMAC-SHA256)', () => {
  const secret = 's'.repeat(32);
  const body = Buffer.from('{"eventId":"1"}');

  it('accept the signature of the exact bytes only', () => {
    const signature = signPayload(secret, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyPayloadSignature(secret, body, signature)).toBe(true);
    expect(verifyPayloadSignature(secret, Buffer.from('{"eventId": "1"}'), signature)).toBe(false);
    expect(verifyPayloadSignature('t'.repeat(32), body, signature)).toBe(false);
    expect(verifyPayloadSignature(secret, body, signature.slice(0, -1))).toBe(false);
    expect(verifyPayloadSignature(secret, body, undefined)).toBe(false);
  });
});

describe('withQuery', () => {
  it('adds parameters to absolute URLs and keeps paths relative', () => {
    expect(withQuery('https://portal.example/membership/payment-return?reference=ORD-1', { status: 'success' })).toBe(
      'https://portal.example/membership/payment-return?reference=ORD-1&status=success',
    );
    expect(withQuery('/membership/payment-return?reference=ORD-1', { status: 'failed', transactionId: 'a b' })).toBe(
      '/membership/payment-return?reference=ORD-1&status=failed&transactionId=a+b',
    );
  });
});
