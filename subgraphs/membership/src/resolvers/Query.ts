import type { MembershipContext } from '../context';

export const Query = {
  membershipHealth: () => ({ service: 'membership', status: 'UP' }),
  viewer: async (_: unknown, __: unknown, ctx: MembershipContext) => {
    const scope = await ctx.scope();
    if (!scope || !ctx.auth.user) return null;
    return { userKey: ctx.auth.user.userKey, accountId: scope.accountId, registrationSystemId: scope.registrationSystemId };
  },
};
