import type { MembershipContext } from '../context';
import { requireScope } from './support';

export const Mutation = {
  recordManualPayment: async (_: unknown, args: { orderReference: string; amountMinor: number }, ctx: MembershipContext) => {
    const result = await ctx.payments.recordManualPayment(await requireScope(ctx), args);
    return result.ok
      ? { __typename: 'ManualPaymentRecorded', order: result.order, activated: result.activated }
      : { __typename: 'PaymentError', code: result.code, message: result.message };
  },
};

export const RecordPaymentResult = {
  __resolveType: (result: { __typename: string }) => result.__typename,
};
