import type { EmailAttachmentRef } from '../domain/email/attachments';
import type { Db } from './db';

export type EmailStatus = 'queued' | 'sent' | 'failed';

export interface EmailRow {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  kind: string;
  orderId: number | null;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Rendered when the e-mail is sent (domain/email/attachments.ts). */
  attachments: EmailAttachmentRef[];
  unsubscribeUrl: string | null;
}

const COLUMNS = [
  'id',
  'toAddress',
  'subject',
  'textBody',
  'htmlBody',
  'kind',
  'orderId',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
  'attachments',
  'unsubscribeUrl',
] as const;

export async function queueEmail(
  db: Db,
  email: {
    toAddress: string;
    subject: string;
    textBody: string;
    htmlBody?: string | null;
    kind: string;
    orderId: number | null;
    attachments?: readonly EmailAttachmentRef[];
    unsubscribeUrl?: string | null;
  },
): Promise<number> {
  const { attachments, ...rest } = email;
  const [row] = await db('membership.emails')
    .insert({ ...rest, ...(attachments?.length ? { attachments: JSON.stringify(attachments) } : {}), status: 'queued' })
    .returning('id');
  return (row as { id: number }).id;
}

/**
 * Queued e-mails, oldest first, but for those already tried in this pass, locked with SKIP LOCKED: several service instances can send at
 * once without sending one e-mail twice.
 */
export async function claimQueuedEmails(db: Db, limit: number, excludeIds: readonly number[] = []): Promise<EmailRow[]> {
  return db('membership.emails')
    .where({ status: 'queued' })
    .whereNotIn('id', excludeIds as number[])
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select(COLUMNS);
}

export async function markEmailSent(db: Db, id: number): Promise<void> {
  await db('membership.emails')
    .where({ id })
    .update({ status: 'sent', sentAt: db.fn.now(), attempts: db.raw('attempts + 1'), lastError: null });
}

export async function markEmailAttemptFailed(db: Db, id: number, error: string, giveUp: boolean): Promise<void> {
  await db('membership.emails')
    .where({ id })
    .update({ status: giveUp ? 'failed' : 'queued', attempts: db.raw('attempts + 1'), lastError: error.slice(0, 1000) });
}

/**
 * The outbox as one caller may see it: e-mails about orders of `accountId` and/or of the
 * organisations in `organisationIds`, newest first, each with the account its order belongs to.
 */
export async function emailsAbout(
  db: Db,
  visible: { accountId: number | null; organisationIds: readonly number[] },
  limit: number,
): Promise<Array<EmailRow & { orderAccountId: number }>> {
  return db('membership.emails as e')
    .join('membership.orders as o', 'o.id', 'e.orderId')
    .where((q) => {
      q.whereIn('o.organisationId', visible.organisationIds as number[]);
      if (visible.accountId !== null) q.orWhere('o.accountId', visible.accountId);
    })
    .orderBy('e.id', 'desc')
    .limit(limit)
    .select([...COLUMNS.map((c) => `e.${c}`), 'o.accountId as orderAccountId']);
}
