/**
 * The channel a trigger on membership.emails notifies once per statement that queues e-mail
 * (migration 20261126130000); PostgreSQL delivers it on commit, so the listener (the membership
 * worker's outbox sender) is woken exactly for committed mail.
 */
export const EMAILS_QUEUED_CHANNEL = 'ems_emails_queued';
