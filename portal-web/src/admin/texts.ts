import type { SignInProblem } from './session';

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
  } satisfies Record<SignInProblem, string>,
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
