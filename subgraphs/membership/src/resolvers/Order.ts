import { paymentUrlOf } from '../domain/orders/order';
import { canSeeOrder } from '../domain/scope';
import { enumValue } from './support';
import type { OrderResolvers } from './types.generated';

export const Order = {
  /** Only orders the caller may see resolve (their account's, or their organisations' as an operator). */
  __resolveReference: async (ref, ctx) => {
    const scope = await ctx.scope();
    if (!scope) return null;
    const order = await ctx.loaders.order.load(Number(ref.id));
    return order && canSeeOrder(scope, order) ? order : null;
  },
  status: (order) => enumValue(order.status),
  lines: (order, _, ctx) => ctx.loaders.orderLines.load(order.id),
  memberships: (order, _, ctx) => ctx.loaders.orderMemberships.load(order.id),
  paymentUrl: (order) => paymentUrlOf(order.reference, order.paymentToken),
} satisfies OrderResolvers;
