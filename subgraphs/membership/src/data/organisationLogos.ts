import type { Db } from './db';

export interface OrganisationLogoRow {
  organisationId: number;
  mediaType: string;
  sha256: string;
  content: Buffer;
}

/** An organisation's logo, replacing the one it had. */
export async function saveOrganisationLogo(db: Db, logo: OrganisationLogoRow): Promise<void> {
  await db('membership.organisationLogos')
    .insert({ ...logo, updatedAt: db.fn.now() })
    .onConflict('organisationId')
    .merge(['mediaType', 'sha256', 'content', 'updatedAt']);
}

/** The logo when `sha256` is still the organisation's current one (an old URL finds nothing). */
export async function organisationLogoByHash(db: Db, organisationId: number, sha256: string): Promise<OrganisationLogoRow | null> {
  const row = await db('membership.organisationLogos')
    .where({ organisationId, sha256 })
    .first('organisationId', 'mediaType', 'sha256', 'content');
  return (row as OrganisationLogoRow | undefined) ?? null;
}

/** The current logo's hash of each of `organisationIds` that has one (never the image itself). */
export async function organisationLogoHashes(db: Db, organisationIds: readonly number[]): Promise<Map<number, string>> {
  const rows = (await db('membership.organisationLogos')
    .whereIn('organisationId', organisationIds as number[])
    .select('organisationId', 'sha256')) as Array<{ organisationId: number; sha256: string }>;
  return new Map(rows.map((r) => [r.organisationId, r.sha256]));
}
