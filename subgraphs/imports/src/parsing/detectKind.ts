import { readErrors } from './messages';
import type { FileKind } from './types';

const ZIP_LOCAL_FILE = Buffer.from('PK\x03\x04', 'latin1');
const OLE2_COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The kind comes from the content, never the name: operators rename files, and timing
 * companies send `.csv` files that Excel saved as workbooks and the reverse.
 */
export function detectKind(prefix: Buffer): FileKind {
  if (prefix.length === 0) throw readErrors.empty();
  if (prefix.subarray(0, 4).equals(ZIP_LOCAL_FILE)) return 'xlsx';
  // An empty or spanned zip (PK\x05\x06, PK\x07\x08) is a zip but never a workbook.
  if (prefix.subarray(0, 2).toString('latin1') === 'PK') throw readErrors.notXlsx();
  if (prefix.subarray(0, 8).equals(OLE2_COMPOUND_FILE)) throw readErrors.legacyXls();
  return 'csv';
}
