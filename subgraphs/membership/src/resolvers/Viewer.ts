import type { MembershipContext } from '../context';
import { linkedPersonsOfAccount, orgUsersOfAccount, registrationSystemById } from '../data/directory';

interface ViewerParent {
  userKey: string;
  accountId: number;
  registrationSystemId: number;
}

export const Viewer = {
  registrationSystem: (v: ViewerParent, _: unknown, ctx: MembershipContext) => registrationSystemById(ctx.db, v.registrationSystemId),
  memberships: (v: ViewerParent, _: unknown, ctx: MembershipContext) => orgUsersOfAccount(ctx.db, v.accountId),
  linkedPersons: (v: ViewerParent, _: unknown, ctx: MembershipContext) => linkedPersonsOfAccount(ctx.db, v.accountId),
};

export const OrgUser = {
  organisation: (o: { organisationId: number }, _: unknown, ctx: MembershipContext) => ctx.loaders.organisation.load(o.organisationId),
};

export const LinkedPerson = {
  person: (l: { personId: number }, _: unknown, ctx: MembershipContext) => ctx.loaders.person.load(l.personId),
};
