/**
 * The router's answer to a sign-in, as the portals act on it: a signed-link sign-in, an anonymous
 * registration, and the `signIn=too-many&retry=<seconds>` an OpenID Connect start redirects back
 * with. No imports: the e2e tests read real answers of the router with it.
 */

export type SignInOutcome = 'ok' | 'refused' | 'unavailable' | 'rateLimited';

export interface SignInResult {
  outcome: SignInOutcome;
  /** With 'rateLimited': the wait the router's Retry-After gives, in whole minutes (at least 1); null when it gave none. */
  waitMinutes: number | null;
}

/**
 * 429: too many failed attempts (the router's sign-in limits), which is not a bad link. Other
 * 4xx: the gateway refused the link (contract: "Invalid security verification"). 5xx or no
 * answer: try again.
 */
export function signInOutcome(status: number): SignInOutcome {
  if (status === 200 || status === 204) return 'ok';
  if (status === 429) return 'rateLimited';
  if (status >= 400 && status < 500) return 'refused';
  return 'unavailable';
}

/**
 * Minutes until a Retry-After header's moment (RFC 9110: seconds, or an HTTP date), rounded up
 * and at least 1; null when the header is missing or unreadable.
 */
export function retryAfterMinutes(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  // An HTTP date names its weekday and month; anything else that is not digits is no wait.
  const seconds = /^\d+$/.test(value) ? Number(value) : /[a-z]/i.test(value) ? (Date.parse(value) - now) / 1000 : NaN;
  if (!Number.isFinite(seconds)) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** What the router's answer to a sign-in means for the page. */
export function signInResult(response: Pick<Response, 'status' | 'headers'>): SignInResult {
  const outcome = signInOutcome(response.status);
  return { outcome, waitMinutes: outcome === 'rateLimited' ? retryAfterMinutes(response.headers.get('retry-after')) : null };
}

/** The longest wait a `retry` query may name: a day, in seconds (the router's windows are minutes). */
export const MAX_RETRY_SECONDS = 86_400;

/**
 * The wait in a `retry` query (seconds, from the router's redirect of a rate-limited sign-in start)
 * in whole minutes; null (a wait of "a few minutes") for anything but an integer from 1 to a day,
 * since anyone can write this query into a link.
 */
export function retryQueryMinutes(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds >= 1 && seconds <= MAX_RETRY_SECONDS ? retryAfterMinutes(value) : null;
}
