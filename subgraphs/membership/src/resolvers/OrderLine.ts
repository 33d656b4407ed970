import type { OrderLineResolvers } from './types.generated';

export const OrderLine = {
  person: (line, _, ctx) => (line.personId === null ? null : ctx.loaders.person.load(line.personId)),
} satisfies OrderLineResolvers;
