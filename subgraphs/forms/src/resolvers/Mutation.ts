import { back, next, reset, resume } from '../domain/commands';
import type { FormsContext } from '../context';
import { toFormResult } from './results';

interface SubmitFormStepInput {
  processId: string;
  step: number;
  people: Array<{ id: number; answer?: string | null }>;
}

export const Mutation = {
  submitFormStep: async (_: unknown, { input }: { input: SubmitFormStepInput }, ctx: FormsContext) =>
    toFormResult(await next(ctx.forms, ctx.user(), input)),
  backFormStep: async (_: unknown, { processId }: { processId: string }, ctx: FormsContext) =>
    toFormResult(await back(ctx.forms, ctx.user(), { processId })),
  resetProcess: async (_: unknown, { processId }: { processId: string }, ctx: FormsContext) =>
    toFormResult(await reset(ctx.forms, ctx.user(), processId)),
  resumeProcess: async (_: unknown, { processId }: { processId: string }, ctx: FormsContext) =>
    toFormResult(await resume(ctx.forms, ctx.user(), processId)),
};
