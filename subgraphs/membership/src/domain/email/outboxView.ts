import { scrubUrl } from '@ems/service-runtime';
import type { Db } from '../../data/db';
import { emailsAbout, type EmailRow } from '../../data/emails';
import type { DataScope } from '../scope';

export const OUTBOX_DEFAULT_LIMIT = 20;
export const OUTBOX_MAX_LIMIT = 100;

/**
 * `Query.outbox`: operators see the e-mails about orders of the organisations they administer.
 * Without an SMTP server nothing reaches an inbox, so the outbox is where a user reads their own
 * confirmation (the demo); with one, users read their mail and the outbox is for operators only.
 */
export async function outboxFor(db: Db, scope: DataScope, options: { localOutbox: boolean; limit?: number | null }): Promise<EmailRow[]> {
  const limit = Math.min(Math.max(options.limit ?? OUTBOX_DEFAULT_LIMIT, 1), OUTBOX_MAX_LIMIT);
  const organisationIds = [...scope.adminOrganisationIds];
  const accountId = options.localOutbox ? scope.accountId : null;
  if (organisationIds.length === 0 && accountId === null) return [];
  const emails = await emailsAbout(db, { accountId, organisationIds }, limit);
  return emails.map((email) =>
    email.orderAccountId === scope.accountId ? email : { ...email, textBody: withoutLinkSecrets(email.textBody) },
  );
}

/**
 * A member's e-mail as an operator reads it: every link without its secrets. A reminder's renewal
 * link signs the member in, the unsubscribe and card links act for them, the pay link pays their
 * order: the member's capabilities, not the club's. The links keep their address and their other
 * parameters, so the operator still sees what the member was sent.
 */
export function withoutLinkSecrets(text: string): string {
  return text.replace(/https?:\/\/[^\s<>"']+/g, (url) => scrubUrl(url));
}
