import { canOperateEvent } from '../domain/events/operatorEvents';
import { afterParticipantId, participantPage } from '../domain/events/participantPage';
import { pageSize } from '../domain/events/pages';
import { afterResultId, resultPage, resultTime } from '../domain/events/resultPage';
import { referenced } from './support';
import type {
  EventResolvers,
  ParticipantConnectionResolvers,
  ParticipantResolvers,
  ResultConnectionResolvers,
  ResultResolvers,
  ResultSetResolvers,
} from './types.generated';

export const Event = {
  /** Only operators of the event's organisation resolve it; anyone else gets null (no existence leak). */
  __resolveReference: async (ref, ctx) => {
    const event = await ctx.loaders.event.load(Number(ref.id));
    return event && canOperateEvent(await ctx.scope(), event) ? event : null;
  },
  categories: (event, _, ctx) => ctx.loaders.eventCategories.load(event.id),
  participants: async (event, args, ctx) => {
    const size = pageSize(args.first);
    const afterId = afterParticipantId(args.after);
    const rows = size === 0 ? [] : await ctx.loaders.participantPage.load({ eventId: event.id, afterId, limit: size + 1 });
    return participantPage(event.id, rows, size, afterId);
  },
  customFieldLabels: (event) => event.customFieldLabels,
  // Reached only through an Event the caller operates: a result set is seen where its event is.
  resultSets: (event, _, ctx) => ctx.loaders.eventResultSets.load(event.id),
} satisfies EventResolvers;

export const ParticipantConnection = {
  totalCount: (page, _, ctx) => ctx.loaders.participantCount.load(page.eventId),
} satisfies ParticipantConnectionResolvers;

export const Participant = {
  person: (p, _, ctx) => referenced(ctx.loaders.person.load(p.personId), `person ${p.personId}`),
  category: (p, _, ctx) => (p.categoryId === null ? null : ctx.loaders.eventCategory.load(p.categoryId)),
} satisfies ParticipantResolvers;

export const ResultSet = {
  createdAt: (set) => set.createdAt.toISOString(),
  results: async (set, args, ctx) => {
    const size = pageSize(args.first);
    const afterId = afterResultId(args.after);
    const rows = size === 0 ? [] : await ctx.loaders.resultPage.load({ resultSetId: set.id, afterId, limit: size + 1 });
    return resultPage(set.id, rows, size, afterId);
  },
} satisfies ResultSetResolvers;

export const ResultConnection = {
  totalCount: (page, _, ctx) => ctx.loaders.resultCount.load(page.resultSetId),
} satisfies ResultConnectionResolvers;

export const Result = {
  participant: (r, _, ctx) => referenced(ctx.loaders.participant.load(r.participantId), `participant ${r.participantId}`),
  time: (r) => (r.timeMs === null ? null : resultTime(r.timeMs)),
} satisfies ResultResolvers;
