import { partnerPageSize } from '@ems/schema';
import { participantConnection } from '../domain/partner/lists';
import { afterResultId, resultPage, resultTime } from '../domain/events/resultPage';
import { calendarDate, instantOf, referenced } from './support';
import type {
  PartnerEventResolvers,
  PartnerParticipantResolvers,
  PartnerResultResolvers,
  PartnerResultSetResolvers,
} from './types.generated';

/** A partner's events (events:read, docs/partner-api.md); reached only through PartnerView, inside the key's organisations. */
export const PartnerEvent = {
  customFieldLabels: (event) => [event.custom1Label, event.custom2Label, event.custom3Label],
  categories: (event, _, ctx) => ctx.loaders.eventCategories.load(event.id),
  updatedAt: (event) => instantOf(event.updatedAt),
  participants: async (event, args, ctx) => participantConnection(await ctx.partner.reader(), event.id, args),
  resultSets: (event, _, ctx) => ctx.loaders.eventResultSets.load(event.id),
} satisfies PartnerEventResolvers;

export const PartnerParticipant = {
  // members:pii decides, as for members.
  personalData: async (participant, _, ctx) => {
    if (!(await ctx.partner.reader()).personalData) return null;
    const person = await referenced(ctx.loaders.person.load(participant.personId), `person ${participant.personId}`);
    return { firstName: person.firstName, lastName: person.lastName, dateOfBirth: calendarDate(person.dateOfBirth), email: person.email };
  },
  category: (p, _, ctx) => (p.categoryId === null ? null : ctx.loaders.eventCategory.load(p.categoryId)),
  updatedAt: (p) => instantOf(p.updatedAt),
} satisfies PartnerParticipantResolvers;

export const PartnerResultSet = {
  createdAt: (set) => instantOf(set.createdAt),
  // Results keep the order they were recorded in (as operators see them), with the partner API's page size.
  results: async (set, args, ctx) => {
    const size = partnerPageSize(args.first);
    const afterId = afterResultId(args.after);
    const rows = await ctx.loaders.resultPage.load({ resultSetId: set.id, afterId, limit: size + 1 });
    return resultPage(set.id, rows, size, afterId);
  },
} satisfies PartnerResultSetResolvers;

export const PartnerResult = {
  participant: async (r, _, ctx) =>
    referenced((await ctx.partner.reader()).loaders.participant.load(r.participantId), `participant ${r.participantId}`),
  time: (r) => (r.timeMs === null ? null : resultTime(r.timeMs)),
} satisfies PartnerResultResolvers;
