import { requireScope } from './support';
import type { MutationResolvers, RecordPaymentResultResolvers } from './types.generated';

export const Mutation = {
  recordManualPayment: async (_, args, ctx) => {
    const result = await ctx.payments.recordManualPayment(await requireScope(ctx), args);
    return result.ok
      ? { __typename: 'ManualPaymentRecorded', order: result.order, activated: result.activated }
      : { __typename: 'PaymentError', code: result.code, message: result.message };
  },
} satisfies MutationResolvers;

export const RecordPaymentResult = {
  __resolveType: (result) => result.__typename,
} satisfies RecordPaymentResultResolvers;
