import { getForm } from '../domain/commands';
import { toFormResult } from './results';
import type { QueryResolvers } from './types.generated';

export const Query = {
  formsHealth: () => ({ service: 'forms', status: 'UP' }),
  membershipForm: async (_, args, ctx) => toFormResult(await getForm(ctx.forms, ctx.user(), { periodId: args.periodId })),
} satisfies QueryResolvers;
