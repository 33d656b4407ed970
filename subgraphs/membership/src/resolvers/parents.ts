import type { models } from '@ems/db';

/**
 * What membership's resolvers return for GraphQL types that have no row type of their own in
 * `data/` (the codegen `mappers` point here and at the row types).
 */
export interface ViewerParent {
  userKey: string;
  accountId: number;
  registrationSystemId: number;
}

export type RegistrationSystemParent = models.RegistrationSystem;
export type OrgUserParent = models.OrgUser;
export type LinkedPersonParent = models.LinkedPerson;
