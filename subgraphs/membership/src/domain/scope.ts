import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { loadScopeRows } from '../data/scope';

/**
 * Authorisation is data scoping (contract rule 10): the user key in the token locates the OrgUser
 * rows (organisations) and LinkedPerson rows (persons); every read goes through this scope.
 */
export interface DataScope {
  accountId: number;
  registrationSystemId: number;
  organisationIds: ReadonlySet<number>;
  personIds: ReadonlySet<number>;
}

export async function scopeForUser(db: Knex, claims: AccessTokenClaims): Promise<DataScope | null> {
  const rows = await loadScopeRows(db, claims.registrationSystemId, claims.userKey);
  if (!rows) return null;
  return {
    accountId: rows.accountId,
    registrationSystemId: claims.registrationSystemId,
    organisationIds: new Set(rows.organisationIds),
    personIds: new Set(rows.personIds),
  };
}
