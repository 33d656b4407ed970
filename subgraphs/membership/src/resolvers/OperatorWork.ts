import { enumValue, instantOf, referenced } from './support';
import type {
  PartnerApiKeyResolvers,
  PartnerApiKeyResultResolvers,
  OperatorPeriodResolvers,
  PeriodChangeResultResolvers,
  PricePreviewResolvers,
  PricePreviewLineResolvers,
  PricePreviewResultResolvers,
  EndSessionsResultResolvers,
  HandoffAttemptResolvers,
  MergeCandidateResolvers,
  MergeDecisionResultResolvers,
  PersonToReviewResolvers,
  OperatorMemberResolvers,
  OperatorOrderResolvers,
  OperatorPaymentResolvers,
  PaymentProviderEventResolvers,
} from './types.generated';

/** The operator's member list, person page and orders (domain/operator): rows mapped to the schema's shapes. */
export const OperatorMember = {
  status: (row) => enumValue(row.status),
} satisfies OperatorMemberResolvers;

export const OperatorOrder = {
  status: (order) => enumValue(order.status),
  createdAt: (order) => instantOf(order.createdAt),
  paidAt: (order) => instantOf(order.paidAt),
  providerEvents: (order, _, ctx) => ctx.loaders.orderPaymentEvents.load(order.id),
} satisfies OperatorOrderResolvers;

export const OperatorPayment = {
  createdAt: (payment) => instantOf(payment.createdAt),
  confirmedAt: (payment) => instantOf(payment.confirmedAt),
} satisfies OperatorPaymentResolvers;

export const PaymentProviderEvent = {
  receivedAt: (event) => instantOf(event.receivedAt),
} satisfies PaymentProviderEventResolvers;

export const MergeCandidate = {
  createdAt: (candidate) => instantOf(candidate.createdAt),
} satisfies MergeCandidateResolvers;

export const PersonToReview = {
  createdAt: (person) => instantOf(person.createdAt),
} satisfies PersonToReviewResolvers;

export const MergeDecisionResult = {
  __resolveType: (result) => result.__typename,
} satisfies MergeDecisionResultResolvers;

export const HandoffAttempt = {
  at: (attempt) => instantOf(attempt.createdAt),
  result: (attempt) => enumValue(attempt.result),
} satisfies HandoffAttemptResolvers;

export const EndSessionsResult = {
  __resolveType: (result) => result.__typename,
} satisfies EndSessionsResultResolvers;

export const OperatorPeriod = {
  status: (period) => enumValue(period.status),
  pricingRules: (period) => period.pricingRulesJson,
  organisation: (period, _, ctx) => referenced(ctx.loaders.organisation.load(period.organisationId), 'organisation'),
} satisfies OperatorPeriodResolvers;

export const PricePreview = {
  window: (quote) => quote.window,
} satisfies PricePreviewResolvers;

export const PricePreviewLine = {
  person: (line) => line.personId,
} satisfies PricePreviewLineResolvers;

export const PeriodChangeResult = {
  __resolveType: (result) => result.__typename,
} satisfies PeriodChangeResultResolvers;

export const PricePreviewResult = {
  __resolveType: (result) => result.__typename,
} satisfies PricePreviewResultResolvers;

export const PartnerApiKey = {
  organisations: async (key, _, ctx) =>
    (await Promise.all((key.organisationIds ?? []).map((id) => ctx.loaders.organisation.load(id)))).filter((o) => o !== null),
  createdAt: (key) => instantOf(key.createdAt),
  expiresAt: (key) => instantOf(key.expiresAt),
  lastUsedAt: (key) => instantOf(key.lastUsedAt),
  revokedAt: (key) => instantOf(key.revokedAt),
} satisfies PartnerApiKeyResolvers;

export const PartnerApiKeyResult = {
  __resolveType: (result) => result.__typename,
} satisfies PartnerApiKeyResultResolvers;
