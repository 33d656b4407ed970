import type { MembershipContext } from '../context';
import { registrationSystemById, type PersonRow } from '../data/directory';
import { calendarDate } from './support';

export const Person = {
  /** Only persons linked to the caller resolve; anything else is null (no existence leak). */
  __resolveReference: async (ref: { id: string | number }, ctx: MembershipContext) => {
    const id = Number(ref.id);
    const scope = await ctx.scope();
    if (!scope?.personIds.has(id)) return null;
    return ctx.loaders.person.load(id);
  },
  // ISO 8601 `YYYY-MM-DD`, as the schema says (not the Date object's milliseconds).
  dateOfBirth: (person: PersonRow) => calendarDate(person.dateOfBirth),
};

export const Organisation = {
  __resolveReference: async (ref: { id: string | number }, ctx: MembershipContext) => {
    const id = Number(ref.id);
    const scope = await ctx.scope();
    if (!scope?.organisationIds.has(id)) return null;
    return ctx.loaders.organisation.load(id);
  },
};

export const RegistrationSystem = {
  __resolveReference: async (ref: { id: string | number }, ctx: MembershipContext) => {
    const scope = await ctx.scope();
    if (scope?.registrationSystemId !== Number(ref.id)) return null;
    return registrationSystemById(ctx.db, Number(ref.id));
  },
};
