import type { Credentials } from './guard';
import { signInResult, type SignInResult } from './signInResult';

export { retryAfterMinutes, signInOutcome, type SignInOutcome, type SignInResult } from './signInResult';

const inFlight = new Map<string, Promise<SignInResult>>();

/**
 * POST /api/auth/external-login. One request per set of credentials even when React runs an
 * effect twice: an hmac link's nonce is single-use, so a second identical request would be refused.
 */
export function signIn(credentials: Credentials, fetcher: typeof fetch = fetch): Promise<SignInResult> {
  const key = JSON.stringify(credentials);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetcher('/api/auth/external-login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(credentials),
    }).then(signInResult, (): SignInResult => ({ outcome: 'unavailable', waitMinutes: null }));
    inFlight.set(key, pending);
    // A failed attempt may be retried with the same link; a successful one is never repeated.
    void pending.then(({ outcome }) => {
      if (outcome !== 'ok') inFlight.delete(key);
    });
  }
  return pending;
}
