import { MISSING_VERIFICATION_ERROR, errorUrl, type VerifiedState } from './guard';
import { retryQueryMinutes, signInResult, type SignInResult } from './signInResult';
import { texts } from './texts';

/**
 * Contract rule 12 on the member portal: a tenant with member OpenID Connect lets the member sign
 * in with its provider or continue anonymously. The router answers what the host's tenant offers
 * and keeps the token; the portal only asks and navigates.
 */
export interface SignInOptions {
  /** The tenant's member provider by its display name, or null. */
  oidc: { name: string } | null;
  anonymous: boolean;
  /** This browser's session on the tenant: a signed-in member, an anonymous registration, or none. */
  session: 'member' | 'anonymous' | null;
}

/** The register route's history state after a rule-12 sign-in: the own details are checked, the header offers a sign-in to the anonymous. */
export interface MemberSessionState extends VerifiedState {
  memberSession: 'member' | 'anonymous';
}

export function memberSessionOf(state: unknown): MemberSessionState['memberSession'] | null {
  const value = typeof state === 'object' && state !== null ? (state as Partial<MemberSessionState>).memberSession : undefined;
  return value === 'member' || value === 'anonymous' ? value : null;
}

const JSON_HEADERS = { accept: 'application/json' };

/** GET /api/auth/options; null when the router cannot say (the access-denied page then stays as it was). */
export async function fetchSignInOptions(fetcher: typeof fetch = fetch): Promise<SignInOptions | null> {
  try {
    const res = await fetcher('/api/auth/options', { credentials: 'same-origin', headers: JSON_HEADERS });
    return res.ok ? ((await res.json()) as SignInOptions) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/auth/anonymous, read as a sign-in: 'ok' when the session now holds an anonymous
 * registration, 'rateLimited' with the wait when the router's per-address limit was reached.
 */
export async function continueAnonymously(fetcher: typeof fetch = fetch): Promise<SignInResult> {
  try {
    const res = await fetcher('/api/auth/anonymous', { method: 'POST', credentials: 'same-origin', headers: JSON_HEADERS });
    return signInResult(res);
  } catch {
    return { outcome: 'unavailable', waitMinutes: null };
  }
}

/** What the sign-in choice says when continuing without an account did not work. */
export function anonymousFailedMessage({ outcome, waitMinutes }: SignInResult): string {
  return outcome === 'rateLimited' ? texts.verification.rateLimited(waitMinutes) : texts.memberSignIn.anonymousFailed;
}

/**
 * What the sign-in choice says about the last sign-in, from the query the router came back with
 * (`?signIn=<problem>`, with `&retry=<seconds>` when its limit was reached); null when there was none.
 */
export function signInProblemMessage(search: URLSearchParams): string | null {
  const problem = search.get('signIn');
  if (problem === null) return null;
  if (problem === 'too-many') return texts.verification.rateLimited(retryQueryMinutes(search.get('retry')));
  return texts.memberSignIn.problems[problem] ?? texts.memberSignIn.problems.failed ?? null;
}

/**
 * Where "Sign in with ..." goes: the router's redirect to the provider, coming back to the
 * register route as it is reached without a link (the choice then sees the signed-in session).
 */
export function memberLoginUrl(periodPath: string): string {
  return `/api/auth/oidc/login?${new URLSearchParams({ returnTo: errorUrl(periodPath, MISSING_VERIFICATION_ERROR) }).toString()}`;
}

export interface OwnPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

const OWN_PERSON_PATH = '/services/admin-service/api/account/person';

/** The account's own person; undefined when it could not be asked (the form then shows its own refusal). */
export async function fetchOwnPerson(fetcher: typeof fetch = fetch): Promise<OwnPerson | null | undefined> {
  try {
    const res = await fetcher(OWN_PERSON_PATH, { credentials: 'same-origin', headers: JSON_HEADERS });
    if (!res.ok) return undefined;
    return ((await res.json()) as { person: OwnPerson | null }).person;
  } catch {
    return undefined;
  }
}

export type SaveOwnPersonOutcome = 'saved' | 'invalid' | 'failed';

/** POST the member's own details; 'invalid' when the server refused them as input (400). */
export async function saveOwnPerson(
  person: Required<{ [K in keyof OwnPerson]: string }>,
  fetcher: typeof fetch = fetch,
): Promise<SaveOwnPersonOutcome> {
  try {
    const res = await fetcher(OWN_PERSON_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...JSON_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    if (res.status === 201 || res.status === 409) return 'saved';
    return res.status === 400 ? 'invalid' : 'failed';
  } catch {
    return 'failed';
  }
}
