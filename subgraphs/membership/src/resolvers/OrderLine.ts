import type { MembershipContext } from '../context';
import type { OrderLineRow } from '../data/orders';

export const OrderLine = {
  person: (line: OrderLineRow, _: unknown, ctx: MembershipContext) =>
    line.personId === null ? null : ctx.loaders.person.load(line.personId),
};
