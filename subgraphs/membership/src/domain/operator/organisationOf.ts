import type { Db } from '../../data/db';
import { personIdsConnectedToOrganisations } from '../../data/scope';
import type { DataScope } from '../scope';

/**
 * The first of the operator's admin organisations (by id) one of the persons is connected to
 * (data/scope.ts: a participant, a member or a user there): the organisation an action on them is
 * logged under, or null when the operator may not act on any of them.
 */
export async function organisationOfPersons(db: Db, scope: DataScope, personIds: readonly number[]): Promise<number | null> {
  if (personIds.length === 0) return null;
  for (const organisationId of [...scope.adminOrganisationIds].sort((a, b) => a - b)) {
    const connected = await personIdsConnectedToOrganisations(db, scope.registrationSystemId, [organisationId], personIds);
    if (connected.length > 0) return organisationId;
  }
  return null;
}
