import type { Knex } from '@ems/db';
import { API_KEYS_CHANGED_CHANNEL, models } from '@ems/db';

export type ApiKeyRow = models.ApiKey;

export async function insertApiKey(
  db: Knex,
  row: Pick<ApiKeyRow, 'prefix' | 'keyHash' | 'portal' | 'label' | 'registrationSystemId' | 'organisationIds' | 'scopes' | 'expiresAt'>,
): Promise<ApiKeyRow> {
  return models.ApiKey.query(db).insert(row).returning('*');
}

export async function listApiKeys(db: Knex, includeRevoked: boolean): Promise<ApiKeyRow[]> {
  const q = models.ApiKey.query(db).orderBy('id');
  if (!includeRevoked) q.whereNull('revokedAt');
  return q;
}

export async function findApiKey(db: Knex, id: number): Promise<ApiKeyRow | undefined> {
  return models.ApiKey.query(db).findById(id);
}

/** The key, locked until the transaction ends: a rotation of it waits here for one under way. */
export async function findApiKeyForUpdate(db: Knex, id: number): Promise<ApiKeyRow | undefined> {
  return models.ApiKey.query(db).findById(id).forUpdate();
}

export async function setApiKeySuccessor(db: Knex, id: number, successorId: number): Promise<void> {
  await models.ApiKey.query(db).findById(id).patch({ successorId });
}

export async function revokeApiKeys(db: Knex, ids: number[], at: Date): Promise<number> {
  return models.ApiKey.query(db).whereIn('id', ids).whereNull('revokedAt').patch({ revokedAt: at });
}

export async function setApiKeyExpiry(db: Knex, id: number, expiresAt: Date): Promise<void> {
  await models.ApiKey.query(db).findById(id).patch({ expiresAt });
}

/** Tells every running service to reload its key cache (see ApiKeyVerifier.listen). */
export async function announceApiKeyChange(db: Knex): Promise<void> {
  await db.raw(`NOTIFY ${API_KEYS_CHANGED_CHANNEL}`);
}

/** The id of the key stored with this hash, revoked or not (key hashes are unique). */
export async function findApiKeyIdByHash(db: Knex, keyHash: string): Promise<number | null> {
  const row = await models.ApiKey.query(db).findOne({ keyHash }).select('id');
  return row?.id ?? null;
}

export async function registrationSystemExists(db: Knex, id: number): Promise<boolean> {
  return (await models.RegistrationSystem.query(db).findById(id).select('id')) !== undefined;
}

/** The registration system of each of these organisations that exists. */
export async function findOrganisationTenants(db: Knex, ids: number[]): Promise<Map<number, number>> {
  const rows = await models.Organisation.query(db).whereIn('id', ids).select('id', 'registrationSystemId');
  return new Map(rows.map((r) => [r.id, r.registrationSystemId]));
}
