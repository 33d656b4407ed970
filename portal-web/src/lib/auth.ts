import type { Credentials } from './guard';

export type SignInOutcome = 'ok' | 'refused' | 'unavailable';

/** 4xx: the gateway refused the link (contract: "Invalid security verification"). 5xx or no answer: try again. */
export function signInOutcome(status: number): SignInOutcome {
  if (status === 200 || status === 204) return 'ok';
  if (status >= 400 && status < 500) return 'refused';
  return 'unavailable';
}

const inFlight = new Map<string, Promise<SignInOutcome>>();

/**
 * POST /api/auth/external-login. One request per set of credentials even when React runs an
 * effect twice: an hmac link's nonce is single-use, so a second identical request would be refused.
 */
export function signIn(credentials: Credentials, fetcher: typeof fetch = fetch): Promise<SignInOutcome> {
  const key = JSON.stringify(credentials);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetcher('/api/auth/external-login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(credentials),
    }).then(
      (response) => signInOutcome(response.status),
      () => 'unavailable' as const,
    );
    inFlight.set(key, pending);
    // A failed attempt may be retried with the same link; a successful one is never repeated.
    void pending.then((outcome) => {
      if (outcome !== 'ok') inFlight.delete(key);
    });
  }
  return pending;
}
