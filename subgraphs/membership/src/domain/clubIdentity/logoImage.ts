import { createHash } from 'node:crypto';
import { InputError } from '@ems/schema';

/** A logo is a small picture for a page's header; 200 kB is far more than one needs. */
export const LOGO_MAX_BYTES = 200 * 1024;

export type LogoMediaType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface LogoImage {
  mediaType: LogoMediaType;
  /** Hex SHA-256 of the bytes: the logo's name in its public, cached-for-good URL. */
  sha256: string;
  content: Buffer;
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The raster formats every browser shows, told by their first bytes (never by a file name or a
 * declared type, which the sender chooses). SVG is not among them: it is a document that can
 * carry script, and it is served from the portal's own origin.
 */
export function logoMediaType(bytes: Buffer): LogoMediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The logo as stored, or an InputError (the contract's 400 shape) saying what is wrong with it. */
export function checkLogoImage(bytes: Buffer): LogoImage {
  if (bytes.length === 0) throw new InputError('The logo file is empty.', { code: 'LOGO_EMPTY' });
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new InputError(`The logo is too large: at most ${LOGO_MAX_BYTES / 1024} kB.`, {
      code: 'LOGO_TOO_LARGE',
      details: { maxBytes: LOGO_MAX_BYTES, bytes: bytes.length },
    });
  }
  const mediaType = logoMediaType(bytes);
  if (!mediaType) {
    throw new InputError('The logo must be a PNG, JPEG or WebP image (SVG and other formats are not accepted).', {
      code: 'LOGO_UNSUPPORTED_FORMAT',
    });
  }
  return { mediaType, sha256: createHash('sha256').update(bytes).digest('hex'), content: bytes };
}
