import type { MembershipContext } from '../context';
import type { OrderRow } from '../data/orders';
import { paymentUrlOf } from '../domain/orders/order';
import { canSeeOrder } from '../domain/scope';
import { enumValue } from './support';

export const Order = {
  /** Only orders the caller may see resolve (their account's, or their organisations' as an operator). */
  __resolveReference: async (ref: { id: string | number }, ctx: MembershipContext) => {
    const scope = await ctx.scope();
    if (!scope) return null;
    const order = await ctx.loaders.order.load(Number(ref.id));
    return order && canSeeOrder(scope, order) ? order : null;
  },
  status: (order: OrderRow) => enumValue(order.status),
  lines: (order: OrderRow, _: unknown, ctx: MembershipContext) => ctx.loaders.orderLines.load(order.id),
  memberships: (order: OrderRow, _: unknown, ctx: MembershipContext) => ctx.loaders.orderMemberships.load(order.id),
  paymentUrl: (order: OrderRow) => paymentUrlOf(order.reference),
};
