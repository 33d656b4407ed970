import { operatorAuditLog } from '../domain/audit/auditLogView';
import { todayIso } from '../domain/clock';
import { outboxFor } from '../domain/email/outboxView';
import { operatorEventsFor } from '../domain/events/operatorEvents';
import { membershipPeriodView } from '../domain/registration/period';
import { operatorMembershipPeriodsFor } from '../domain/registration/periodViews';
import { operatorPeriod, previewMembershipPrice } from '../domain/operator/periods';
import { operatorApiKeys } from '../domain/operator/partnerKeys';
import { operatorHandoffAttempts } from '../domain/operator/handoffs';
import { operatorMergeCandidates } from '../domain/operator/mergeCandidates';
import { operatorMembers, operatorPerson } from '../domain/operator/members';
import { operatorOrder, operatorOrders } from '../domain/operator/orders';
import { lowerCase, requireScope } from './support';
import type { QueryResolvers } from './types.generated';

export const Query = {
  membershipHealth: () => ({ service: 'membership', status: 'UP' }),
  viewer: async (_, __, ctx) => {
    const scope = await ctx.scope();
    if (!scope || !ctx.auth.user) return null;
    return { userKey: ctx.auth.user.userKey, accountId: scope.accountId, registrationSystemId: scope.registrationSystemId };
  },
  paymentReturn: async (_, args, ctx) => ctx.payments.paymentReturn(await requireScope(ctx), args),
  membershipPeriod: async (_, args, ctx) =>
    membershipPeriodView(ctx.db, args.id, (await requireScope(ctx)).registrationSystemId, todayIso()),
  outbox: async (_, args, ctx) => outboxFor(ctx.db, await requireScope(ctx), { localOutbox: ctx.localOutbox, limit: args.limit }),
  operatorEvents: async (_, __, ctx) => operatorEventsFor(ctx.db, await ctx.scope()),
  operatorMembershipPeriods: async (_, __, ctx) => operatorMembershipPeriodsFor(ctx.db, await ctx.scope(), todayIso()),
  partner: (_, __, ctx) => ctx.partner.reader(),
  operatorAuditLog: async (_, args, ctx) => operatorAuditLog(ctx.db, await ctx.scope(), args),
  operatorMembers: async (_, args, ctx) =>
    operatorMembers(ctx.db, await ctx.scope(), {
      ...args,
      filter: args.filter && { ...args.filter, status: lowerCase(args.filter.status) },
    }),
  operatorPerson: async (_, args, ctx) => operatorPerson(ctx.db, await ctx.scope(), args.id),
  operatorOrders: async (_, args, ctx) =>
    operatorOrders(ctx.db, await ctx.scope(), {
      ...args,
      filter: args.filter && { ...args.filter, status: lowerCase(args.filter.status) },
    }),
  operatorOrder: async (_, args, ctx) => operatorOrder(ctx.db, await ctx.scope(), args.reference),
  operatorMergeCandidates: async (_, __, ctx) => operatorMergeCandidates(ctx.db, await ctx.scope()),
  operatorPeriod: async (_, args, ctx) => operatorPeriod(ctx.db, await ctx.scope(), args.id),
  previewMembershipPrice: async (_, args, ctx) => {
    const result = await previewMembershipPrice(ctx.db, await ctx.scope(), args);
    if (!result) return null;
    return result.ok ? { __typename: 'PricePreview', ...result.quote } : { __typename: 'PricePreviewRefused', messages: result.messages };
  },
  operatorApiKeys: async (_, args, ctx) => operatorApiKeys(ctx.db, await ctx.scope(), args.includeRevoked ?? false),
  operatorHandoffAttempts: async (_, args, ctx) =>
    operatorHandoffAttempts(ctx.db, await ctx.scope(), {
      ...args,
      filter: args.filter && { ...args.filter, result: lowerCase(args.filter.result) },
    }),
} satisfies QueryResolvers;
