/**
 * The card is set in PDF's built-in Helvetica and Courier (no font file to ship or embed), whose
 * encoding is WinAnsi (Windows-1252): every Western European letter, not every Latin one. A
 * character outside it would print as a wrong glyph, so it is spelt without its accent where it
 * has one ("Łukasz" -> "Lukasz", "Dvořák" -> "Dvorák") and as "?" otherwise.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WITHOUT_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  ŀ: 'l',
  Ŀ: 'L',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char);
}

export function pdfSafeText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) out += char;
    else if (WITHOUT_DECOMPOSITION[char]) out += WITHOUT_DECOMPOSITION[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}
