import { todayIso } from '../domain/clock';
import { partnerMembershipPeriods, partnerMembershipTypes } from '../domain/partner/catalogue';
import { eventConnection, memberConnection, orderConnection, removalConnection } from '../domain/partner/lists';
import { rowIdOf } from '../domain/partner/reader';
import type { MembershipStatus } from '../data/memberships';
import type { OrderStatus } from '../data/orders';
import type { PartnerViewResolvers } from './types.generated';

/** GraphQL's upper-case enum values as stored. */
const stored = <Stored extends string>(values: readonly Uppercase<Stored>[] | null | undefined) =>
  values?.map((v) => v.toLowerCase() as Stored) ?? null;

/**
 * The partner API's root (docs/partner-api.md). Each list asks the partner access for its scope
 * first, so a key without it gets MISSING_SCOPE there and everything else it may read.
 */
export const PartnerView = {
  __resolveReference: async (ref, ctx) => {
    const reader = await ctx.partner.reader();
    return String(reader.keyId) === String(ref.keyId) ? reader : null;
  },
  scopes: (reader) => [...reader.scopes],
  organisations: (reader) => [...reader.organisations],
  membershipTypes: async (_, args, ctx) => partnerMembershipTypes(ctx.db, await ctx.partner.reader('members:read'), args.organisationId),
  membershipPeriods: async (_, args, ctx) =>
    partnerMembershipPeriods(ctx.db, await ctx.partner.reader('members:read'), args.organisationId, todayIso()),
  members: async (_, args, ctx) =>
    memberConnection(ctx.db, await ctx.partner.reader('members:read'), {
      first: args.first,
      after: args.after,
      filter: args.filter && { ...args.filter, statuses: stored<MembershipStatus>(args.filter.status) },
    }),
  member: async (_, args, ctx) => {
    const reader = await ctx.partner.reader('members:read');
    const id = rowIdOf(args.id);
    return id === null ? null : reader.loaders.member.load(id);
  },
  orders: async (_, args, ctx) =>
    orderConnection(ctx.db, await ctx.partner.reader('members:read'), {
      first: args.first,
      after: args.after,
      filter: args.filter && { ...args.filter, statuses: stored<OrderStatus>(args.filter.status) },
    }),
  order: async (_, args, ctx) => {
    const reader = await ctx.partner.reader('members:read');
    const id = rowIdOf(args.id);
    return id === null ? null : reader.loaders.order.load(id);
  },
  events: async (_, args, ctx) => eventConnection(ctx.db, await ctx.partner.reader('events:read'), args),
  event: async (_, args, ctx) => {
    const reader = await ctx.partner.reader('events:read');
    const id = rowIdOf(args.id);
    return id === null ? null : reader.loaders.event.load(id);
  },
  // Each kind asks for its own list's scope (removalConnection), so the reader is taken without one.
  removals: async (_, args, ctx) => {
    const connection = await removalConnection(ctx.db, await ctx.partner.reader(), args);
    return {
      ...connection,
      edges: connection.edges.map(({ cursor, node }) => ({
        cursor,
        node: {
          kind: node.kind,
          id: String(node.recordId),
          organisationId: String(node.organisationId),
          eventId: node.eventId === null ? null : String(node.eventId),
          removedAt: node.removedAt.toISOString(),
        },
      })),
    };
  },
} satisfies PartnerViewResolvers;
