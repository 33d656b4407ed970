import type { Knex } from '@ems/db';
import { reminderPreferenceByToken, unsubscribeReminders } from '../../data/memberMessages';
import { isToken } from '../memberLinks';

export type UnsubscribeView = { found: false } | { found: true; firstName: string; unsubscribed: boolean };

/** What the unsubscribe link's page shows before the member confirms (GET must change nothing: mail scanners follow links). */
export async function reminderSubscription(db: Knex, token: unknown): Promise<UnsubscribeView> {
  const preference = isToken(token) ? await reminderPreferenceByToken(db, token) : null;
  if (!preference) return { found: false };
  return { found: true, firstName: preference.firstName, unsubscribed: preference.unsubscribedAt !== null };
}

/**
 * Turns the person's reminders (expiry, renewal) off; confirmations and the welcome still come.
 * Idempotent: a second click, or a mail client's one-click POST after the page's, changes nothing.
 */
export async function unsubscribeFromReminders(db: Knex, token: unknown): Promise<UnsubscribeView> {
  const done = isToken(token) ? await unsubscribeReminders(db, token) : null;
  if (!done) return { found: false };
  return { found: true, firstName: done.firstName, unsubscribed: true };
}
