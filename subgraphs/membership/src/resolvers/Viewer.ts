import { linkedPersonsOfAccount, orgUsersOfAccount, registrationSystemById } from '../data/directory';
import { unpaidOrdersOfAccount } from '../data/orders';
import { referenced } from './support';
import type { LinkedPersonResolvers, OrgUserResolvers, ViewerResolvers } from './types.generated';

export const Viewer = {
  registrationSystem: (v, _, ctx) =>
    referenced(registrationSystemById(ctx.db, v.registrationSystemId), `registration system ${v.registrationSystemId}`),
  memberships: (v, _, ctx) => orgUsersOfAccount(ctx.db, v.accountId),
  linkedPersons: (v, _, ctx) => linkedPersonsOfAccount(ctx.db, v.accountId),
  // The viewer's own account only: an order of another account is not theirs to see.
  openOrders: (v, args, ctx) => unpaidOrdersOfAccount(ctx.db, v.accountId, args.periodId),
} satisfies ViewerResolvers;

export const OrgUser = {
  organisation: (o, _, ctx) => referenced(ctx.loaders.organisation.load(o.organisationId), `organisation ${o.organisationId}`),
} satisfies OrgUserResolvers;

export const LinkedPerson = {
  person: (l, _, ctx) => referenced(ctx.loaders.person.load(l.personId), `person ${l.personId}`),
} satisfies LinkedPersonResolvers;
