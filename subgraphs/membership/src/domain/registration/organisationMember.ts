import type { Db } from '../../data/db';
import { hasOrgUser } from '../../data/orgUsers';

/**
 * Whether the account belongs to the organisation (an OrgUser row). Registration for an
 * organisation's period is open only to its users: the contract's access-denied scenario "user
 * not authorised for the organisation", and rule 10 (data access by OrgUser organisations).
 */
export function isOrganisationMember(db: Db, accountId: number, organisationId: number): Promise<boolean> {
  return hasOrgUser(db, accountId, organisationId);
}
