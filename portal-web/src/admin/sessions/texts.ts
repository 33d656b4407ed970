/** Every text of the sessions screen. */
export const sessionTexts = {
  title: 'Sessions',
  intro: 'Sign a member out everywhere at once, e.g. after a lost phone. They can sign in again through your website.',
  userKey: 'Member’s user key',
  required: 'Enter the member’s user key.',
  button: 'End every session',
  confirmTitle: 'End every session of this member?',
  confirmBody: (userKey: string) => `${userKey} is signed out on every device at once.`,
  confirm: 'Yes, end them',
  keep: 'Cancel',
  ended: (n: number) =>
    n === 0 ? 'The member was not signed in anywhere.' : n === 1 ? '1 session was ended.' : `${n} sessions were ended.`,
  failed: 'The sessions could not be ended. Please try again.',
};
