import { enumValue } from './support';
import type { EmailResolvers } from './types.generated';

export const Email = {
  status: (email) => enumValue(email.status),
  createdAt: (email) => email.createdAt.toISOString(),
  sentAt: (email) => email.sentAt?.toISOString() ?? null,
  // The outbox lists only e-mails about orders the caller may see.
  order: (email, _, ctx) => (email.orderId === null ? null : ctx.loaders.order.load(email.orderId)),
} satisfies EmailResolvers;
