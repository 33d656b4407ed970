import {
  anonymousFailedMessage,
  continueAnonymously,
  fetchSignInOptions,
  memberLoginUrl,
  memberSessionOf,
  saveOwnPerson,
  signInProblemMessage,
} from './memberSignIn';
import { retryQueryMinutes } from './signInResult';
import { texts } from './texts';

/** Contract rule 12 on the portal: what it asks the router and how it reads the answers. */
const answer = (status: number, body: unknown = {}) =>
  Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('member sign-in (rule 12)', () => {
  it('comes back from the provider to the register route as reached without a link', () => {
    const url = new URL(memberLoginUrl('/membership/register/3'), 'http://portal');
    expect(url.pathname).toBe('/api/auth/oidc/login');
    expect(url.searchParams.get('returnTo')).toBe('/membership/register/3?error=Missing+security+verification+parameters');
  });

  it('reads the session kind only from its own history state', () => {
    expect(memberSessionOf({ verifiedPeriodId: 3, memberSession: 'anonymous' })).toBe('anonymous');
    expect(memberSessionOf({ verifiedPeriodId: 3, memberSession: 'admin' })).toBeNull();
    expect(memberSessionOf({ verifiedPeriodId: 3 })).toBeNull();
    expect(memberSessionOf(null)).toBeNull();
  });

  it("keeps today's access-denied page when the router cannot say what the tenant offers", async () => {
    expect(await fetchSignInOptions(() => answer(503))).toBeNull();
    expect(await fetchSignInOptions(() => Promise.reject(new Error('offline')))).toBeNull();
    const offered = { oidc: { name: 'Club ID' }, anonymous: true, session: null };
    expect(await fetchSignInOptions(() => answer(200, offered))).toEqual(offered);
  });

  it('tells a refused anonymous start and refused details from a saved one', async () => {
    expect(await continueAnonymously(() => answer(403))).toEqual({ outcome: 'refused', waitMinutes: null });
    expect(await continueAnonymously(() => answer(200))).toEqual({ outcome: 'ok', waitMinutes: null });
    expect(await continueAnonymously(() => Promise.reject(new TypeError('offline')))).toEqual({
      outcome: 'unavailable',
      waitMinutes: null,
    });
    const details = { firstName: 'Mika', lastName: 'Moss', dateOfBirth: '1993-08-14', email: 'mika@example.org' };
    expect(await saveOwnPerson(details, () => answer(201))).toBe('saved');
    // Saved already (a second tab, a double submit): the form goes on all the same.
    expect(await saveOwnPerson(details, () => answer(409))).toBe('saved');
    expect(await saveOwnPerson(details, () => answer(400))).toBe('invalid');
    expect(await saveOwnPerson(details, () => answer(502))).toBe('failed');
  });
});

describe('a used-up sign-in limit on the sign-in choice (issue 37, defect 8)', () => {
  const limited = (retryAfter: string) =>
    Promise.resolve(new Response(JSON.stringify({ code: 'RATE_LIMITED' }), { status: 429, headers: { 'retry-after': retryAfter } }));

  it('"Continue without an account" answered 429 shows the wait from Retry-After, not "could not start"', async () => {
    const result = await continueAnonymously(() => limited('900'));
    expect(result).toEqual({ outcome: 'rateLimited', waitMinutes: 15 });
    expect(anonymousFailedMessage(result)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(anonymousFailedMessage({ outcome: 'unavailable', waitMinutes: null })).toBe(texts.memberSignIn.anonymousFailed);
    expect(anonymousFailedMessage({ outcome: 'refused', waitMinutes: null })).toBe(texts.memberSignIn.anonymousFailed);
  });

  it('a sign-in start the router turned back with signIn=too-many shows the wait of its retry', () => {
    expect(signInProblemMessage(new URLSearchParams('signIn=too-many&retry=840'))).toBe(
      'Too many sign-in attempts. Try again in 14 minutes.',
    );
    expect(signInProblemMessage(new URLSearchParams('signIn=too-many'))).toBe('Too many sign-in attempts. Try again in a few minutes.');
    expect(signInProblemMessage(new URLSearchParams('signIn=cancelled'))).toBe(texts.memberSignIn.problems.cancelled);
    expect(signInProblemMessage(new URLSearchParams('signIn=<script>'))).toBe(texts.memberSignIn.problems.failed);
    expect(signInProblemMessage(new URLSearchParams('error=x'))).toBeNull();
  });

  it('reads retry only as an integer of seconds from 1 to a day: anything else is "a few minutes"', () => {
    expect(retryQueryMinutes('900')).toBe(15);
    expect(retryQueryMinutes('1')).toBe(1);
    expect(retryQueryMinutes('86400')).toBe(1440);
    for (const hostile of [null, '', '0', '86401', '9'.repeat(400), '-60', '1e3', '60.5', ' 60', '0x3c', 'Fri, 01 May 2026 10:07:30 GMT']) {
      expect(retryQueryMinutes(hostile)).toBeNull();
    }
  });
});
