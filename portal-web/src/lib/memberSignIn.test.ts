import { continueAnonymously, fetchSignInOptions, memberLoginUrl, memberSessionOf, saveOwnPerson } from './memberSignIn';

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
    expect(await continueAnonymously(() => answer(403))).toBe(false);
    expect(await continueAnonymously(() => answer(200))).toBe(true);
    const details = { firstName: 'Mika', lastName: 'Moss', dateOfBirth: '1993-08-14', email: 'mika@example.org' };
    expect(await saveOwnPerson(details, () => answer(201))).toBe('saved');
    // Saved already (a second tab, a double submit): the form goes on all the same.
    expect(await saveOwnPerson(details, () => answer(409))).toBe('saved');
    expect(await saveOwnPerson(details, () => answer(400))).toBe('invalid');
    expect(await saveOwnPerson(details, () => answer(502))).toBe('failed');
  });
});
