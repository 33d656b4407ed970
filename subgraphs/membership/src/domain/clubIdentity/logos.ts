import type { Db } from '../../data/db';
import {
  organisationLogoByHash,
  organisationLogoHashes,
  saveOrganisationLogo,
  type OrganisationLogoRow,
} from '../../data/organisationLogos';
import { organisationLogoPath } from '../memberLinks';
import { checkLogoImage, type LogoImage } from './logoImage';

/**
 * Stores `bytes` as the organisation's logo once they pass checkLogoImage (which throws an
 * InputError otherwise) and answers its new public path. Callers check who may do this.
 */
export async function setOrganisationLogo(db: Db, organisationId: number, bytes: Buffer): Promise<string> {
  return storeOrganisationLogo(db, organisationId, checkLogoImage(bytes));
}

/** Stores an image checkLogoImage accepted as the organisation's logo; answers its public path. */
export async function storeOrganisationLogo(db: Db, organisationId: number, image: LogoImage): Promise<string> {
  await saveOrganisationLogo(db, { organisationId, ...image });
  return organisationLogoPath(organisationId, image.sha256);
}

/** The public path of each organisation's current logo; organisations without one are absent. */
export async function organisationLogoPaths(db: Db, organisationIds: readonly number[]): Promise<Map<number, string>> {
  const hashes = await organisationLogoHashes(db, organisationIds);
  return new Map([...hashes].map(([id, sha256]) => [id, organisationLogoPath(id, sha256)]));
}

/** The logo behind a public path's parts; null for anything that is not a current logo. */
export async function publicOrganisationLogo(db: Db, organisationIdText: string, sha256: string): Promise<OrganisationLogoRow | null> {
  const organisationId = Number(organisationIdText);
  if (!/^[1-9][0-9]{0,9}$/.test(organisationIdText) || organisationId > 2_147_483_647) return null;
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  return organisationLogoByHash(db, organisationId, sha256);
}
