import { retryQueryMinutes } from '../lib/signInResult';
import { texts } from '../lib/texts';
import { signInProblem, type SignInProblem } from './session';

/** Every text of the admin portal's sign-in screens. */
export const adminTexts = {
  app: { name: 'Admin portal', skipToContent: 'Skip to content' },
  signedOut: {
    title: 'Sign in',
    intro: 'Operators sign in with their organisation’s account.',
    button: 'Sign in',
  },
  problems: {
    failed: 'The sign-in could not be completed. Please try again.',
    cancelled: 'The sign-in was cancelled.',
    expired: 'The sign-in took too long or was already used. Please sign in again.',
    'not-operator': 'This account does not run any organisation here. Ask your administrator for access.',
    unavailable: 'Sign-in is not available at the moment. Please try again in a few minutes.',
  } satisfies Record<Exclude<SignInProblem, 'too-many'>, string>,
  /** The router's sign-in limit was reached: the member portal's wording, the wait from `retry`. */
  tooMany: texts.verification.rateLimited,
  signedIn: {
    as: 'Signed in as',
    tenant: 'Registration system',
    switchButton: 'Switch',
    switching: 'Switching…',
    switchFailed: 'The registration system could not be switched. Please try again.',
    organisations: 'Organisations you run here',
    logout: 'Sign out',
    loading: 'Loading…',
  },
  unavailable: 'The admin portal cannot reach its server. Please try again in a few minutes.',
};

/** What the start page says about the last sign-in (`/?signIn=<problem>`, `&retry=<seconds>` with 'too-many'); null when there was none. */
export function signInProblemText(search: string): { problem: SignInProblem; text: string } | null {
  const problem = signInProblem(search);
  if (problem === null) return null;
  const text =
    problem === 'too-many' ? adminTexts.tooMany(retryQueryMinutes(new URLSearchParams(search).get('retry'))) : adminTexts.problems[problem];
  return { problem, text };
}
