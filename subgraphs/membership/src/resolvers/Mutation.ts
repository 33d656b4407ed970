import { dismissMergeCandidate, mergePersons, type MergeDecisionResult } from '../domain/operator/mergeCandidates';
import { endMemberSessions } from '../domain/operator/sessions';
import { createPartnerApiKey, revokePartnerApiKey, rotatePartnerApiKey, type PartnerKeyResult } from '../domain/operator/partnerKeys';
import { setOperatorOrganisationLogo } from '../domain/operator/organisationLogo';
import { updateMembershipPeriod } from '../domain/operator/periods';
import { lowerCase, referenced, requireScope } from './support';
import type { MutationResolvers, RecordPaymentResultResolvers } from './types.generated';

export const Mutation = {
  recordManualPayment: async (_, args, ctx) => {
    const result = await ctx.payments.recordManualPayment(await requireScope(ctx), args);
    return result.ok
      ? { __typename: 'ManualPaymentRecorded', order: result.order, activated: result.activated }
      : { __typename: 'PaymentError', code: result.code, message: result.message };
  },
  mergePersons: async (_, args, ctx) => mergeDecision(await mergePersons(ctx.db, await ctx.scope(), args)),
  dismissMergeCandidate: async (_, args, ctx) => mergeDecision(await dismissMergeCandidate(ctx.db, await ctx.scope(), args.candidateId)),
  endMemberSessions: async (_, args, ctx) => {
    const result = await endMemberSessions(ctx.db, await ctx.scope(), args.userKey);
    return result.ok
      ? ({ __typename: 'SessionsEnded', ended: result.ended } as const)
      : ({ __typename: 'EndSessionsError', code: result.code, message: result.message } as const);
  },
  updateMembershipPeriod: async (_, args, ctx) => {
    const result = await updateMembershipPeriod(ctx.db, await ctx.scope(), args.id, {
      ...args.input,
      status: lowerCase(args.input.status),
    });
    return result.ok
      ? ({ __typename: 'PeriodChanged', period: result.period } as const)
      : ({ __typename: 'PeriodChangeError', code: result.code, messages: result.messages } as const);
  },
  setOrganisationLogo: async (_, args, ctx) => {
    const result = await setOperatorOrganisationLogo(ctx.db, await ctx.scope(), args.organisationId, args.imageBase64);
    if (!result.ok) return { __typename: 'OrganisationLogoError', code: result.code, message: result.message } as const;
    const organisation = await referenced(ctx.loaders.organisation.load(result.organisationId), `organisation ${result.organisationId}`);
    return { __typename: 'OrganisationLogoSet', organisation } as const;
  },
  createPartnerApiKey: async (_, args, ctx) => partnerKeyResult(await createPartnerApiKey(ctx.db, await ctx.scope(), args.input)),
  rotatePartnerApiKey: async (_, args, ctx) => partnerKeyResult(await rotatePartnerApiKey(ctx.db, await ctx.scope(), args)),
  revokePartnerApiKey: async (_, args, ctx) => partnerKeyResult(await revokePartnerApiKey(ctx.db, await ctx.scope(), args.id)),
} satisfies MutationResolvers;

function partnerKeyResult(result: PartnerKeyResult) {
  return result.ok
    ? ({ __typename: 'PartnerApiKeyDone', apiKey: result.apiKey, key: result.key ?? null, previous: result.previous ?? null } as const)
    : ({ __typename: 'PartnerApiKeyError', code: result.code, message: result.message } as const);
}

function mergeDecision(result: MergeDecisionResult) {
  return result.ok
    ? ({ __typename: 'MergeDecided', keptPersonId: result.keptPersonId } as const)
    : ({ __typename: 'MergeDecisionError', code: result.code, message: result.message } as const);
}

export const RecordPaymentResult = {
  __resolveType: (result) => result.__typename,
} satisfies RecordPaymentResultResolvers;
