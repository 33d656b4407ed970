/**
 * The scheduled messages of a membership's life (docs/membership-life.md). Each goes to a person
 * once per kind and period: the key (person, kind, period) is written with the outbox row.
 */
export const MEMBER_MESSAGE_KINDS = ['welcome', 'expiry_reminder', 'renewal_prompt'] as const;
export type MemberMessageKind = (typeof MEMBER_MESSAGE_KINDS)[number];

/**
 * Reminders can be unsubscribed from (a link in each); the welcome, like the confirmation, reports
 * what happened to the membership and cannot.
 */
export const REMINDER_KINDS: ReadonlySet<MemberMessageKind> = new Set(['expiry_reminder', 'renewal_prompt']);

/** The kind as the outbox records it (`emails.kind`). */
export const EMAIL_KIND: Record<MemberMessageKind, string> = {
  welcome: 'membership_welcome',
  expiry_reminder: 'membership_expiry_reminder',
  renewal_prompt: 'membership_renewal_prompt',
};
