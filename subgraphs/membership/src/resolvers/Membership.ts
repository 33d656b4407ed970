import type { MembershipContext } from '../context';
import type { MembershipRow } from '../data/memberships';
import { enumValue } from './support';

export const Membership = {
  person: (m: MembershipRow, _: unknown, ctx: MembershipContext) => ctx.loaders.person.load(m.personId),
  status: (m: MembershipRow) => enumValue(m.status),
  membershipType: async (m: MembershipRow, _: unknown, ctx: MembershipContext) =>
    (await ctx.loaders.membershipType.load(m.membershipTypeId))?.name,
  membershipTypeCode: async (m: MembershipRow, _: unknown, ctx: MembershipContext) =>
    (await ctx.loaders.membershipType.load(m.membershipTypeId))?.code,
};
