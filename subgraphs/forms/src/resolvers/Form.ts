import type { FormResolvers } from './types.generated';

export const Form = {
  // A reference only: membership resolves the order's fields (Order is its entity).
  order: (form) => (form.orderId === null ? null : { __typename: 'Order', id: String(form.orderId) }),
} satisfies FormResolvers;
