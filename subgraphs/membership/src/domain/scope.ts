import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { loadScopeRows, personIdsVisibleToOrganisations } from '../data/scope';

/**
 * Authorisation is data scoping (contract rule 10): the user key in the token locates the OrgUser
 * rows (organisations) and LinkedPerson rows (persons); every read goes through this scope.
 */
export interface DataScope {
  accountId: number;
  /** Who the caller is (the audit log names operators by it). */
  userKey: string;
  registrationSystemId: number;
  organisationIds: ReadonlySet<number>;
  /** Organisations where the account holds ROLE_ORG_ADMIN (an operator: sees and manages their orders). */
  adminOrganisationIds: ReadonlySet<number>;
  personIds: ReadonlySet<number>;
}

export async function scopeForUser(db: Knex, claims: AccessTokenClaims): Promise<DataScope | null> {
  return scopeForUserKey(db, claims.registrationSystemId, claims.userKey);
}

/** The same scope for a user key the caller has already established (the demo seed's operator). */
export async function scopeForUserKey(db: Knex, registrationSystemId: number, userKey: string): Promise<DataScope | null> {
  const rows = await loadScopeRows(db, registrationSystemId, userKey);
  if (!rows) return null;
  return {
    accountId: rows.accountId,
    userKey,
    registrationSystemId,
    organisationIds: new Set(rows.organisationIds),
    adminOrganisationIds: new Set(rows.adminOrganisationIds),
    personIds: new Set(rows.personIds),
  };
}

/** A user sees the orders of their own account; an operator also those of the organisations they administer. */
export function canSeeOrder(scope: DataScope, order: { accountId: number; organisationId: number }): boolean {
  return order.accountId === scope.accountId || scope.adminOrganisationIds.has(order.organisationId);
}

/**
 * Which of `personIds` the user may see (in order). A user sees the persons linked to their
 * account, and nothing else. An operator also sees the persons connected to an organisation they
 * administer (a participant of its events, a member in its periods, a person linked to one of its
 * users): the import summary names them, and an operator has to recognise whom an import matched
 * or created. Not the other side of a merge candidate: it may be another organisation's person,
 * whom the summary shows as nobody (docs/decisions.md, "Organisation boundary in imports"). Never
 * outside the user's registration system; a person nobody lets the user see is simply not there
 * (no existence leak).
 */
export async function visiblePersons(db: Knex, scope: DataScope | null, personIds: readonly number[]): Promise<boolean[]> {
  if (!scope) return personIds.map(() => false);
  const unlinked = personIds.filter((id) => !scope.personIds.has(id));
  const operated = new Set(
    await personIdsVisibleToOrganisations(db, scope.registrationSystemId, [...scope.adminOrganisationIds], unlinked),
  );
  return personIds.map((id) => scope.personIds.has(id) || operated.has(id));
}
