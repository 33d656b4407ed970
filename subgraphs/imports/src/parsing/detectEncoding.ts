import chardet from 'chardet';
import iconv from 'iconv-lite';
import { readErrors } from './messages';
import type { FilePrefix } from './readPrefix';

const BOMS: ReadonlyArray<{ bytes: number[]; encoding: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/**
 * chardet's names we accept, and what we decode them as. ISO-8859-1 becomes windows-1252: the two
 * differ only in 0x80-0x9F, where ISO-8859-1 has control characters and Excel's "Save as CSV"
 * on Western Windows writes €, „, “ and the like.
 */
const GUESSABLE: Readonly<Record<string, string>> = {
  'windows-1252': 'windows-1252',
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-15': 'iso-8859-15',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
};

function bomEncoding(bytes: Buffer): string | null {
  return BOMS.find((bom) => bom.bytes.every((b, i) => bytes[i] === b))?.encoding ?? null;
}

/** ASCII-range text in UTF-16 without a BOM has a zero in every other byte, and little else does. */
function utf16ByZeroBytes(bytes: Buffer): string | null {
  let evenZeros = 0;
  let oddZeros = 0;
  const pairs = Math.floor(bytes.length / 2);
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  if (pairs === 0) return null;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Strict UTF-8; a prefix cut inside a multi-byte character is still valid (`stream` keeps it pending). */
function isUtf8(prefix: FilePrefix): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(prefix.bytes, { stream: !prefix.wholeFile });
    return true;
  } catch {
    return false;
  }
}

/**
 * BOM first, then strict UTF-8, then chardet's best guess among the encodings spreadsheet tools
 * actually write. Zero bytes outside UTF-16 mean binary, not text.
 */
export function detectEncoding(prefix: FilePrefix): string {
  const { bytes } = prefix;
  const byBom = bomEncoding(bytes);
  if (byBom) return byBom;
  if (bytes.includes(0)) {
    const utf16 = utf16ByZeroBytes(bytes);
    if (!utf16) throw readErrors.notText();
    return utf16;
  }
  if (isUtf8(prefix)) return 'utf-8';
  return guessedEncoding(bytes);
}

/**
 * chardet ranks candidates on little evidence (German text often ranks ISO-8859-2 first, which
 * has äöüß where windows-1252 has them), so the best-ranked encoding we accept is taken, unless an
 * encoding we do not accept is far more likely. Bytes the chosen code page leaves undefined
 * (0x81, 0x8D, ... in windows-1252; common in Shift_JIS and the like) mean the guess is wrong.
 */
function guessedEncoding(bytes: Buffer): string {
  const ranked = chardet.analyse(bytes);
  const accepted = ranked.find((match) => GUESSABLE[match.name] !== undefined);
  const top = ranked[0];
  if (!accepted || (top && top !== accepted && top.confidence >= 2 * accepted.confidence)) throw readErrors.unsupportedEncoding();
  const encoding = GUESSABLE[accepted.name]!;
  if (!iconv.encodingExists(encoding) || iconv.decode(bytes, encoding).includes('\ufffd')) throw readErrors.unsupportedEncoding();
  return encoding;
}

const CONTROL_CHARACTERS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g; // eslint-disable-line no-control-regex

/** Decoded text with more than 1% control characters is some binary format, not a CSV. */
export function assertLooksLikeText(text: string): void {
  const suspicious = text.match(CONTROL_CHARACTERS)?.length ?? 0;
  if (suspicious > 0 && suspicious > text.length / 100) throw readErrors.notText();
}
