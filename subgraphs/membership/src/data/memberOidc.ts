import type { Db } from './db';

/** A registration system's OpenID provider for its members (contract rule 12). */
export interface TenantMemberOidcRow {
  registrationSystemId: number;
  issuerUrl: string;
  clientId: string;
  /** Leaves the service only towards a router, on its key-authenticated interface. */
  clientSecret: string;
  displayName: string;
  anonymousAllowed: boolean;
}

const COLUMNS = ['registrationSystemId', 'issuerUrl', 'clientId', 'clientSecret', 'displayName', 'anonymousAllowed'] as const;

export async function findTenantMemberOidc(db: Db, registrationSystemId: number): Promise<TenantMemberOidcRow | null> {
  const row = await db('membership.tenantMemberOidc')
    .where({ registrationSystemId })
    .first(...COLUMNS);
  return (row as TenantMemberOidcRow | undefined) ?? null;
}

/**
 * A tenant and its member provider in one statement: null when there is no such registration
 * system, `memberOidc: null` when it has no provider.
 */
export async function findTenantWithMemberOidc(
  db: Db,
  registrationSystemId: number,
): Promise<{ memberOidc: TenantMemberOidcRow | null } | null> {
  const row = await db('membership.registrationSystems as rs')
    .leftJoin('membership.tenantMemberOidc as o', 'o.registrationSystemId', 'rs.id')
    .where('rs.id', registrationSystemId)
    .first(COLUMNS.map((c) => `o.${c}`));
  if (!row) return null;
  return { memberOidc: row.registrationSystemId === null ? null : (row as TenantMemberOidcRow) };
}

/** Configures (or reconfigures) a tenant's member provider. */
export async function saveTenantMemberOidc(db: Db, row: TenantMemberOidcRow): Promise<void> {
  await db('membership.tenantMemberOidc')
    .insert(row)
    .onConflict('registrationSystemId')
    .merge({ ...row, updatedAt: db.fn.now() });
}

/** How many rows went (0 or 1). */
export async function deleteTenantMemberOidc(db: Db, registrationSystemId: number): Promise<number> {
  return db('membership.tenantMemberOidc').where({ registrationSystemId }).delete();
}
