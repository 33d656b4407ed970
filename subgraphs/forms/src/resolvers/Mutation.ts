import { back, next, reset, resume } from '../domain/commands';
import { toFormResult } from './results';
import type { MutationResolvers } from './types.generated';

export const Mutation = {
  submitFormStep: async (_, { input }, ctx) => toFormResult(await next(ctx.forms, ctx.user(), input)),
  backFormStep: async (_, { processId, step }, ctx) =>
    toFormResult(await back(ctx.forms, ctx.user(), { processId, step: step ?? undefined })),
  resetProcess: async (_, { processId }, ctx) => toFormResult(await reset(ctx.forms, ctx.user(), processId)),
  resumeProcess: async (_, { processId }, ctx) => toFormResult(await resume(ctx.forms, ctx.user(), processId)),
} satisfies MutationResolvers;
