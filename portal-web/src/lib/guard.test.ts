import {
  cleanRegisterUrl,
  decideGuard,
  INVALID_VERIFICATION_ERROR,
  isVerifiedFor,
  MISSING_VERIFICATION_ERROR,
  periodPathFor,
} from './guard';

function decide(url: string, options: { pathUserKey?: string | null; state?: unknown; periodId?: number | null } = {}) {
  const parsed = new URL(url, 'http://portal.test');
  return decideGuard({
    periodPath: '/membership/register/7',
    periodId: options.periodId === undefined ? 7 : options.periodId,
    pathUserKey: options.pathUserKey ?? null,
    search: parsed.searchParams,
    historyState: options.state ?? null,
  });
}

describe('registration route guard (contract: registration-route error rows)', () => {
  it('uses the contract texts for the error parameter', () => {
    expect(MISSING_VERIFICATION_ERROR).toBe('Missing security verification parameters');
    expect(INVALID_VERIFICATION_ERROR).toBe('Invalid security verification');
  });

  it('missing u or h: reloads with error = Missing security verification parameters', () => {
    for (const url of [
      '/membership/register/7',
      '/membership/register/7?u=alice',
      '/membership/register/7?h=abc',
      '/membership/register/7?u=&h=abc',
    ]) {
      expect(decide(url)).toEqual({
        kind: 'redirectWithError',
        url: '/membership/register/7?error=Missing+security+verification+parameters',
      });
    }
  });

  it('an error parameter shows the access-denied view instead of the form', () => {
    expect(decide('/membership/register/7?error=Invalid+security+verification&u=a&h=b')).toEqual({
      kind: 'denied',
      error: 'Invalid security verification',
    });
  });

  it('u and h: signs in through the gateway, then removes the credentials from the URL', () => {
    expect(decide('/membership/register/7?u=alice&h=abc123&lang=nl')).toEqual({
      kind: 'signIn',
      credentials: { userKey: 'alice', userHash: 'abc123' },
      cleanUrl: '/membership/register/7?lang=nl',
    });
  });

  it('passes the timestamp and nonce of hmac links', () => {
    expect(decide('/membership/register/7?u=alice&h=abc&t=1700000000&n=xyz')).toEqual({
      kind: 'signIn',
      credentials: { userKey: 'alice', userHash: 'abc', timestamp: '1700000000', nonce: 'xyz' },
      cleanUrl: '/membership/register/7',
    });
  });

  it('accepts the user key as a path parameter (and drops it from the clean URL)', () => {
    expect(decide('/membership/register/7/alice?h=abc', { pathUserKey: 'alice' })).toEqual({
      kind: 'signIn',
      credentials: { userKey: 'alice', userHash: 'abc' },
      cleanUrl: '/membership/register/7',
    });
  });

  it('a tab whose session was established for this period goes on without the link (reload, back from payment)', () => {
    expect(decide('/membership/register/7', { state: { verifiedPeriodId: 7 } })).toEqual({ kind: 'verified' });
    // Another period, or a half link, is not covered by it.
    expect(decide('/membership/register/7', { state: { verifiedPeriodId: 8 } }).kind).toBe('redirectWithError');
    expect(decide('/membership/register/7?u=alice', { state: { verifiedPeriodId: 7 } }).kind).toBe('redirectWithError');
  });

  it('recognises the verified marker only as history state', () => {
    expect(isVerifiedFor({ verifiedPeriodId: 7 }, 7)).toBe(true);
    expect(isVerifiedFor(null, 7)).toBe(false);
    expect(isVerifiedFor('verifiedPeriodId', 7)).toBe(false);
  });

  it('cleans u, h, t and n and keeps other parameters', () => {
    expect(cleanRegisterUrl('/membership/register/7', new URLSearchParams('u=a&h=b&t=1&n=2&x=y'))).toBe('/membership/register/7?x=y');
  });

  it('keeps a non-numeric period segment in the error URL', () => {
    expect(periodPathFor('abc', null)).toBe('/membership/register/abc');
    expect(periodPathFor('7', 7)).toBe('/membership/register/7');
  });
});
