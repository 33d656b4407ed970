/** Every text of the sign-in hand-offs screen. */
export const handoffTexts = {
  title: 'Sign-in hand-offs',
  intro:
    'Every signed link your website sent members with, accepted or refused, and why: tell your web team exactly what is wrong with their links.',
  filter: {
    label: 'Filter the hand-offs',
    userKey: 'User key',
    result: 'Result',
    any: 'Any',
    accepted: 'Accepted',
    refused: 'Refused',
    apply: 'Show',
  },
  columns: { at: 'When', userKey: 'User key', result: 'Result', reason: 'Why', scheme: 'Link scheme', address: 'From address' },
  caption: 'Signed-link attempts, newest first',
  empty: 'No hand-offs match.',
  more: 'Show older attempts',
  loading: 'Loading…',
  /** What each refusal means for the website that made the link. */
  reasons: {
    bad_signature: 'Bad signature: the link was not signed with the current secret, or a value was changed after signing.',
    expired: 'Expired: the link’s timestamp is too old (or the website’s clock is wrong).',
    replayed: 'Replayed: this link (its nonce) was already used once.',
    unknown_user: 'Unknown user: no member has this user key here.',
    unknown_tenant: 'Unknown registration system: the link was sent to the wrong place.',
    malformed: 'Malformed: a required value is missing or not in the expected form.',
    no_secret: 'No secret: this registration system has no active signing secret.',
  } as Record<string, string>,
};
