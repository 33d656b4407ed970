import { enumValue, instantOf } from './support';
import type { MemberMembershipResolvers, MemberResolvers, PartnerOrderLineResolvers, PartnerOrderResolvers } from './types.generated';

/** A partner's members and orders (docs/partner-api.md); reached only through PartnerView, inside the key's organisations. */
export const Member = {
  updatedAt: (member) => instantOf(member.updatedAt),
  // members:pii decides; without it the object is null (no error: the same query serves keys with and without it).
  personalData: async (member, _, ctx) =>
    (await ctx.partner.reader()).personalData
      ? { firstName: member.firstName, lastName: member.lastName, dateOfBirth: member.dateOfBirth, email: member.email }
      : null,
  memberships: async (member, _, ctx) => (await ctx.partner.reader()).loaders.memberships.load(member.id),
  householdLinks: async (member, _, ctx) => (await ctx.partner.reader()).loaders.householdLinks.load(member.id),
} satisfies MemberResolvers;

export const MemberMembership = {
  memberId: (m) => m.personId,
  status: (m) => enumValue(m.status),
  membershipType: (m) => m.membershipTypeName,
  order: async (m, _, ctx) => (m.orderId === null ? null : (await ctx.partner.reader()).loaders.order.load(m.orderId)),
  createdAt: (m) => instantOf(m.createdAt),
  activatedAt: (m) => instantOf(m.activatedAt),
  cancelledAt: (m) => instantOf(m.cancelledAt),
} satisfies MemberMembershipResolvers;

export const PartnerOrder = {
  status: (order) => enumValue(order.status),
  createdAt: (order) => instantOf(order.createdAt),
  updatedAt: (order) => instantOf(order.updatedAt),
  paidAt: (order) => instantOf(order.paidAt),
  cancelledAt: (order) => instantOf(order.cancelledAt),
  lines: async (order, _, ctx) => (await ctx.partner.reader()).loaders.orderLines.load(order.id),
  memberships: async (order, _, ctx) => (await ctx.partner.reader()).loaders.orderMemberships.load(order.id),
} satisfies PartnerOrderResolvers;

export const PartnerOrderLine = {} satisfies PartnerOrderLineResolvers;
