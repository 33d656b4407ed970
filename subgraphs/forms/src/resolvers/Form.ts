import type { FormParent } from './results';

export const Form = {
  // A reference only: membership resolves the order's fields (Order is its entity).
  order: (form: FormParent) => (form.orderId === null ? null : { __typename: 'Order', id: String(form.orderId) }),
};
