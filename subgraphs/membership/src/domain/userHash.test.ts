import { createHash, createHmac } from 'node:crypto';
import { checkFreshness, checkUserHash, hmacUserHash, md5UserHash } from './userHash';

const secret = 'the-shared-secret-of-a-club-website';

describe('md5 scheme: hex MD5 of secret followed by userKey', () => {
  it('matches an independently computed hash, in either letter case', () => {
    const expected = createHash('md5').update(`${secret}anna.berg`).digest('hex');
    expect(md5UserHash(secret, 'anna.berg')).toBe(expected);
    expect(checkUserHash('md5', [secret], { userKey: 'anna.berg', userHash: expected })).toEqual({ ok: true });
    expect(checkUserHash('md5', [secret], { userKey: 'anna.berg', userHash: expected.toUpperCase() })).toEqual({ ok: true });
  });

  it('refuses a hash of another user key, another secret, or the reversed order', () => {
    const reversed = createHash('md5').update(`anna.berg${secret}`).digest('hex');
    for (const userHash of [md5UserHash(secret, 'ben'), md5UserHash('other', 'anna.berg'), reversed]) {
      expect(checkUserHash('md5', [secret], { userKey: 'anna.berg', userHash })).toEqual({ ok: false, reason: 'bad_signature' });
    }
  });

  it('accepts any active secret during a rotation', () => {
    const hash = md5UserHash('new-secret', 'anna.berg');
    expect(checkUserHash('md5', [secret, 'new-secret'], { userKey: 'anna.berg', userHash: hash })).toEqual({ ok: true });
  });

  it('reports malformed hashes and tenants without a secret', () => {
    expect(checkUserHash('md5', [secret], { userKey: 'a', userHash: 'xyz' })).toEqual({ ok: false, reason: 'malformed' });
    expect(checkUserHash('md5', [], { userKey: 'a', userHash: 'ab' })).toEqual({ ok: false, reason: 'no_secret' });
  });
});

describe('hmac-sha256 scheme: HMAC over userKey:timestamp:nonce', () => {
  const t = '1790000000';
  const n = 'nonce-1234';

  it('matches an independently computed HMAC', () => {
    const expected = createHmac('sha256', secret).update(`anna.berg:${t}:${n}`).digest('hex');
    expect(hmacUserHash(secret, 'anna.berg', t, n)).toBe(expected);
    expect(checkUserHash('hmac-sha256', [secret], { userKey: 'anna.berg', userHash: expected, timestamp: t, nonce: n })).toEqual({
      ok: true,
    });
  });

  it('binds the timestamp and the nonce', () => {
    const hash = hmacUserHash(secret, 'anna.berg', t, n);
    expect(checkUserHash('hmac-sha256', [secret], { userKey: 'anna.berg', userHash: hash, timestamp: '1790000001', nonce: n }).ok).toBe(
      false,
    );
    expect(checkUserHash('hmac-sha256', [secret], { userKey: 'anna.berg', userHash: hash, timestamp: t, nonce: 'nonce-9999' }).ok).toBe(
      false,
    );
  });

  it('needs a numeric timestamp and a well-formed nonce', () => {
    const hash = hmacUserHash(secret, 'a', t, n);
    expect(checkUserHash('hmac-sha256', [secret], { userKey: 'a', userHash: hash })).toEqual({ ok: false, reason: 'malformed' });
    expect(checkUserHash('hmac-sha256', [secret], { userKey: 'a', userHash: hash, timestamp: 'soon', nonce: n })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(checkUserHash('hmac-sha256', [secret], { userKey: 'a', userHash: hash, timestamp: t, nonce: 'a:b' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('freshness: inside the maximum age and not from the future beyond the skew', () => {
    const now = new Date(1_790_000_000_000);
    expect(checkFreshness('1790000000', now, 300, 30)).toEqual({ ok: true });
    expect(checkFreshness(String(1_790_000_000 - 300), now, 300, 30)).toEqual({ ok: true });
    expect(checkFreshness(String(1_790_000_000 - 301), now, 300, 30)).toEqual({ ok: false, reason: 'expired' });
    expect(checkFreshness(String(1_790_000_000 + 30), now, 300, 30)).toEqual({ ok: true });
    expect(checkFreshness(String(1_790_000_000 + 31), now, 300, 30)).toEqual({ ok: false, reason: 'expired' });
  });
});
