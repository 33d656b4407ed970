import { getForm } from '../domain/commands';
import type { FormsContext } from '../context';
import { toFormResult } from './results';

export const Query = {
  formsHealth: () => ({ service: 'forms', status: 'UP' }),
  membershipForm: async (_: unknown, args: { periodId: number }, ctx: FormsContext) =>
    toFormResult(await getForm(ctx.forms, ctx.user(), { periodId: args.periodId })),
};
