import type { MembershipContext } from '../context';
import { todayIso } from '../domain/clock';
import { outboxFor } from '../domain/email/outboxView';
import { membershipPeriodView } from '../domain/registration/period';
import { requireScope } from './support';

export const Query = {
  membershipHealth: () => ({ service: 'membership', status: 'UP' }),
  viewer: async (_: unknown, __: unknown, ctx: MembershipContext) => {
    const scope = await ctx.scope();
    if (!scope || !ctx.auth.user) return null;
    return { userKey: ctx.auth.user.userKey, accountId: scope.accountId, registrationSystemId: scope.registrationSystemId };
  },
  paymentReturn: async (_: unknown, args: { reference: string; transactionId?: string | null }, ctx: MembershipContext) =>
    ctx.payments.paymentReturn(await requireScope(ctx), args),
  membershipPeriod: async (_: unknown, args: { id: number }, ctx: MembershipContext) =>
    membershipPeriodView(ctx.db, args.id, (await requireScope(ctx)).registrationSystemId, todayIso()),
  outbox: async (_: unknown, args: { limit?: number | null }, ctx: MembershipContext) =>
    outboxFor(ctx.db, await requireScope(ctx), { localOutbox: ctx.localOutbox, limit: args.limit }),
};
