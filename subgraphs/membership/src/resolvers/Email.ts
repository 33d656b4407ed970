import type { MembershipContext } from '../context';
import type { EmailRow } from '../data/emails';
import { enumValue } from './support';

export const Email = {
  status: (email: EmailRow) => enumValue(email.status),
  createdAt: (email: EmailRow) => email.createdAt.toISOString(),
  sentAt: (email: EmailRow) => email.sentAt?.toISOString() ?? null,
  // The outbox lists only e-mails about orders the caller may see.
  order: (email: EmailRow, _: unknown, ctx: MembershipContext) => (email.orderId === null ? null : ctx.loaders.order.load(email.orderId)),
};
