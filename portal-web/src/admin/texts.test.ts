import { texts } from '../lib/texts';
import { adminTexts, signInProblemText } from './texts';

/** The admin portal's start page after a sign-in came back without one (`/?signIn=...`). */
describe('admin sign-in problems', () => {
  it('a start turned back by the sign-in limit says the wait from retry, in the member portal’s wording', () => {
    expect(signInProblemText('?signIn=too-many&retry=600')).toEqual({
      problem: 'too-many',
      text: 'Too many sign-in attempts. Try again in 10 minutes.',
    });
    expect(signInProblemText('?signIn=too-many&retry=600')?.text).toBe(texts.verification.rateLimited(10));
    // A retry anyone could have written into the link is no wait of ours.
    expect(signInProblemText('?signIn=too-many&retry=99999999')?.text).toBe('Too many sign-in attempts. Try again in a few minutes.');
  });

  it('the other problems as before; an unknown one or none shows nothing', () => {
    expect(signInProblemText('?signIn=not-operator')).toEqual({ problem: 'not-operator', text: adminTexts.problems['not-operator'] });
    expect(signInProblemText('?signIn=whatever')).toBeNull();
    expect(signInProblemText('')).toBeNull();
  });
});
