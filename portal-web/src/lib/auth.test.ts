import { retryAfterMinutes, signIn, signInOutcome } from './auth';
import { texts } from './texts';

function response(status: number, headers: Record<string, string> = {}): Response {
  return { status, headers: new Headers(headers) } as Response;
}

describe('sign-in through the gateway (the secret never reaches the browser)', () => {
  it('posts the link parameters as JSON to /api/auth/external-login', async () => {
    const fetcher = jest.fn().mockResolvedValue(response(200));
    await expect(signIn({ userKey: 'u1', userHash: 'h1', timestamp: '1', nonce: 'n1' }, fetcher)).resolves.toEqual({
      outcome: 'ok',
      waitMinutes: null,
    });
    expect(fetcher).toHaveBeenCalledWith(
      '/api/auth/external-login',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: JSON.stringify({ userKey: 'u1', userHash: 'h1', timestamp: '1', nonce: 'n1' }),
      }),
    );
  });

  it('sends one request for the same link even when asked twice (single-use nonce)', async () => {
    const fetcher = jest.fn().mockResolvedValue(response(200));
    const creds = { userKey: 'u2', userHash: 'h2' };
    const [a, b] = await Promise.all([signIn(creds, fetcher), signIn(creds, fetcher)]);
    expect([a.outcome, b.outcome]).toEqual(['ok', 'ok']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('4xx is a refused link; 5xx and network failures may be retried', async () => {
    expect(signInOutcome(401)).toBe('refused');
    expect(signInOutcome(400)).toBe('refused');
    expect(signInOutcome(502)).toBe('unavailable');
    const failing = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const creds = { userKey: 'u3', userHash: 'h3' };
    await expect(signIn(creds, failing)).resolves.toEqual({ outcome: 'unavailable', waitMinutes: null });
    await new Promise((r) => setTimeout(r, 0));
    const working = jest.fn().mockResolvedValue(response(200));
    await expect(signIn(creds, working)).resolves.toEqual({ outcome: 'ok', waitMinutes: null });
    expect(working).toHaveBeenCalledTimes(1);
  });
});

describe('a used-up sign-in limit is not a broken link', () => {
  it('429 is its own outcome, with the wait from Retry-After, and may be tried again', async () => {
    expect(signInOutcome(429)).toBe('rateLimited');
    const limited = jest.fn().mockResolvedValue(response(429, { 'retry-after': '840' }));
    const creds = { userKey: 'u4', userHash: 'h4' };
    await expect(signIn(creds, limited)).resolves.toEqual({ outcome: 'rateLimited', waitMinutes: 14 });
    await new Promise((r) => setTimeout(r, 0));
    const later = jest.fn().mockResolvedValue(response(200));
    await expect(signIn(creds, later)).resolves.toEqual({ outcome: 'ok', waitMinutes: null });
  });

  it('reads Retry-After as seconds or an HTTP date, in whole minutes rounded up, at least 1', () => {
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(retryAfterMinutes('900', now)).toBe(15);
    expect(retryAfterMinutes('61', now)).toBe(2);
    expect(retryAfterMinutes('1', now)).toBe(1);
    expect(retryAfterMinutes('0', now)).toBe(1);
    expect(retryAfterMinutes('Fri, 01 May 2026 10:07:30 GMT', now)).toBe(8);
    expect(retryAfterMinutes('Fri, 01 May 2026 09:00:00 GMT', now)).toBe(1);
    expect(retryAfterMinutes(null, now)).toBeNull();
    expect(retryAfterMinutes('', now)).toBeNull();
    expect(retryAfterMinutes('soon', now)).toBeNull();
    expect(retryAfterMinutes('-5', now)).toBeNull();
  });

  it('says "Too many sign-in attempts. Try again in N minutes."', () => {
    expect(texts.verification.rateLimited(15)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(texts.verification.rateLimited(1)).toBe('Too many sign-in attempts. Try again in 1 minute.');
    expect(texts.verification.rateLimited(null)).toBe('Too many sign-in attempts. Try again in a few minutes.');
    expect(texts.verification.rateLimited(15)).not.toBe(texts.denied.reasons.INVALID_VERIFICATION);
  });
});
