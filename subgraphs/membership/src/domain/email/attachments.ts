import type { Db } from '../../data/db';

/**
 * What an e-mail of the outbox carries besides its text, by reference: the sender renders it when
 * it sends (a membership card is made from the membership as it is then, and the settlement's
 * transaction does not spend its time on PDFs).
 */
export type EmailAttachmentRef = { kind: 'membership_card'; membershipId: number };

export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Renders an e-mail's attachments; given the sender's transaction. */
export type AttachmentRenderer = (db: Db, refs: readonly EmailAttachmentRef[]) => Promise<RenderedAttachment[]>;

/** The cards of memberships, to attach to the e-mail that reports them. */
export function membershipCardRefs(membershipIds: readonly number[]): EmailAttachmentRef[] {
  return membershipIds.map((membershipId) => ({ kind: 'membership_card', membershipId }));
}
