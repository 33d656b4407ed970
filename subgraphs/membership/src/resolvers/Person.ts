import { registrationSystemById } from '../data/directory';
import { calendarDate } from './support';
import type {
  OrganisationLogoResultResolvers,
  OrganisationResolvers,
  PersonResolvers,
  RegistrationSystemResolvers,
} from './types.generated';

export const Person = {
  /** Persons the caller may see (domain/scope.ts `visiblePersons`) resolve; anything else is null (no existence leak). */
  __resolveReference: async (ref, ctx) => {
    const id = Number(ref.id);
    if (!Number.isSafeInteger(id) || !(await ctx.loaders.personVisible.load(id))) return null;
    return ctx.loaders.person.load(id);
  },
  // ISO 8601 `YYYY-MM-DD`, as the schema says (not the Date object's milliseconds).
  dateOfBirth: (person) => calendarDate(person.dateOfBirth),
} satisfies PersonResolvers;

export const Organisation = {
  __resolveReference: async (ref, ctx) => {
    const id = Number(ref.id);
    const scope = await ctx.scope();
    if (!scope?.organisationIds.has(id)) return null;
    return ctx.loaders.organisation.load(id);
  },
  logoUrl: (organisation, _, ctx) => ctx.loaders.organisationLogo.load(organisation.id),
} satisfies OrganisationResolvers;

export const OrganisationLogoResult = {
  __resolveType: (result) => result.__typename,
} satisfies OrganisationLogoResultResolvers;

export const RegistrationSystem = {
  __resolveReference: async (ref, ctx) => {
    const scope = await ctx.scope();
    if (scope?.registrationSystemId !== Number(ref.id)) return null;
    return (await registrationSystemById(ctx.db, Number(ref.id))) ?? null;
  },
} satisfies RegistrationSystemResolvers;
