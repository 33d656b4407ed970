import { cardDownloadPath } from '../domain/memberLinks';
import { enumValue, referenced } from './support';
import type { MembershipResolvers } from './types.generated';

export const Membership = {
  person: (m, _, ctx) => referenced(ctx.loaders.person.load(m.personId), `person ${m.personId} of membership ${m.id}`),
  status: (m) => enumValue(m.status),
  membershipType: async (m, _, ctx) =>
    (await referenced(ctx.loaders.membershipType.load(m.membershipTypeId), `membership type of membership ${m.id}`)).name,
  membershipTypeCode: async (m, _, ctx) =>
    (await referenced(ctx.loaders.membershipType.load(m.membershipTypeId), `membership type of membership ${m.id}`)).code,
  cardUrl: (m) => (m.status === 'active' ? cardDownloadPath(m.id) : null),
} satisfies MembershipResolvers;
