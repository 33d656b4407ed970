import { registerPath } from './routes';

/**
 * The registration route's guard (contract "Errors": registration-route rows). The browser never
 * checks the hash itself: it hands u/h (and t/n of hmac links) to the gateway, which decides.
 */

/** The contract's `error` values; they appear in the address bar exactly like this. */
export const MISSING_VERIFICATION_ERROR = 'Missing security verification parameters';
export const INVALID_VERIFICATION_ERROR = 'Invalid security verification';

/** The link parameters that prove who the user is; removed from the address bar after sign-in. */
export const CREDENTIAL_PARAMS = ['u', 'h', 't', 'n'] as const;

/**
 * Kept in history.state (never in the URL, so a link cannot forge it) once this tab's session
 * was established for a period: a reload or a return from the payment pages then goes straight to
 * the form instead of asking for the (already removed, possibly single-use) link parameters again.
 * The server still decides: without a valid session the form query is refused.
 */
export interface VerifiedState {
  verifiedPeriodId: number;
}

export function isVerifiedFor(state: unknown, periodId: number): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<VerifiedState>).verifiedPeriodId === periodId;
}

export interface Credentials {
  userKey: string;
  userHash: string;
  timestamp?: string;
  nonce?: string;
}

export type GuardDecision =
  /** Show the access-denied view for the `error` parameter already in the URL. */
  | { kind: 'denied'; error: string }
  /** Replace the URL with `?error=...` (which then shows the access-denied view). */
  | { kind: 'redirectWithError'; url: string }
  /** Sign in with these credentials; on success replace the URL with `cleanUrl`. */
  | { kind: 'signIn'; credentials: Credentials; cleanUrl: string }
  /** The session for this period is already established in this tab. */
  | { kind: 'verified' };

function nonEmpty(value: string | null | undefined): string | null {
  return value != null && value.trim() !== '' ? value : null;
}

/** The register URL with `?error=...` and no credential parameters. */
export function errorUrl(periodPath: string, error: string): string {
  return `${periodPath}?${new URLSearchParams({ error }).toString()}`;
}

/** The register URL without u/h/t/n (in the query or, for u, in the path); other parameters kept. */
export function cleanRegisterUrl(periodPath: string, search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  for (const name of CREDENTIAL_PARAMS) kept.delete(name);
  const query = kept.toString();
  return query ? `${periodPath}?${query}` : periodPath;
}

export function decideGuard(input: {
  /** The period segment as written in the path (for the error URL even if it is not a number). */
  periodPath: string;
  periodId: number | null;
  pathUserKey: string | null;
  search: URLSearchParams;
  historyState: unknown;
}): GuardDecision {
  const { search } = input;
  const error = search.get('error');
  if (error !== null) return { kind: 'denied', error };
  const userKey = nonEmpty(search.get('u')) ?? nonEmpty(input.pathUserKey);
  const userHash = nonEmpty(search.get('h'));
  if (userKey === null || userHash === null) {
    if (userKey === null && userHash === null && input.periodId !== null && isVerifiedFor(input.historyState, input.periodId)) {
      return { kind: 'verified' };
    }
    return { kind: 'redirectWithError', url: errorUrl(input.periodPath, MISSING_VERIFICATION_ERROR) };
  }
  const credentials: Credentials = { userKey, userHash };
  const timestamp = nonEmpty(search.get('t'));
  const nonce = nonEmpty(search.get('n'));
  if (timestamp !== null) credentials.timestamp = timestamp;
  if (nonce !== null) credentials.nonce = nonce;
  return { kind: 'signIn', credentials, cleanUrl: cleanRegisterUrl(input.periodPath, search) };
}

/** Path of the register route for a period segment as written (a non-numeric one is kept as is). */
export function periodPathFor(periodParam: string, periodId: number | null): string {
  return periodId !== null ? registerPath(periodId) : `/membership/register/${encodeURIComponent(periodParam)}`;
}
