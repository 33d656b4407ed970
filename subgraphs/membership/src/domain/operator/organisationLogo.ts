import type { Knex } from '@ems/db';
import { InputError } from '@ems/schema';
import { organisationLogoHashes } from '../../data/organisationLogos';
import { recordOperatorActions } from '../audit/operatorAction';
import { checkLogoImage, type LogoImage } from '../clubIdentity/logoImage';
import { storeOrganisationLogo } from '../clubIdentity/logos';
import type { DataScope } from '../scope';
import { rowId } from './ids';

export type LogoRefusal = 'NOT_FOUND' | 'UNSUPPORTED_FORMAT' | 'TOO_LARGE' | 'EMPTY';

export type LogoChangeResult = { ok: true; organisationId: number; logoUrl: string } | { ok: false; code: LogoRefusal; message: string };

const REFUSALS: Readonly<Record<string, LogoRefusal>> = {
  LOGO_UNSUPPORTED_FORMAT: 'UNSUPPORTED_FORMAT',
  LOGO_TOO_LARGE: 'TOO_LARGE',
  LOGO_EMPTY: 'EMPTY',
};

/** Standard base64 only (what FileReader and btoa make); anything else is no image of ours. */
function decodedBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

/**
 * `Mutation.setOrganisationLogo`: an operator sets or replaces the logo of an organisation they
 * administer (issue 23). The image is checked like every logo (checkLogoImage); the change and its
 * audit entry (the old and new images' hashes) are written in one transaction.
 */
export async function setOperatorOrganisationLogo(
  db: Knex,
  scope: DataScope | null,
  organisationIdText: string,
  imageBase64: string,
): Promise<LogoChangeResult> {
  const organisationId = rowId(organisationIdText, 'organisationId');
  if (!scope?.adminOrganisationIds.has(organisationId)) {
    return { ok: false, code: 'NOT_FOUND', message: 'No such organisation among those you administer.' };
  }
  const bytes = decodedBase64(imageBase64);
  if (!bytes) return { ok: false, code: 'UNSUPPORTED_FORMAT', message: 'The logo could not be read: expected the image in base64.' };
  let image: LogoImage;
  try {
    image = checkLogoImage(bytes);
  } catch (err) {
    const code = err instanceof InputError && err.code ? REFUSALS[err.code] : undefined;
    if (!code) throw err;
    return { ok: false, code, message: (err as InputError).message };
  }
  return db.transaction(async (trx) => {
    const before = (await organisationLogoHashes(trx, [organisationId])).get(organisationId) ?? null;
    const logoUrl = await storeOrganisationLogo(trx, organisationId, image);
    await recordOperatorActions(trx, scope, [
      {
        organisationId,
        action: 'organisation.logo_changed',
        subjectType: 'organisation',
        subjectId: organisationId,
        before: before && { sha256: before },
        after: { sha256: image.sha256, mediaType: image.mediaType, bytes: image.content.length },
      },
    ]);
    return { ok: true, organisationId, logoUrl } as const;
  });
}
