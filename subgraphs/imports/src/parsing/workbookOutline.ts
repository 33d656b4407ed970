import { posix } from 'node:path';
import { readErrors } from './messages';
import { InflateBudget, readZipEntry, type ZipEntry } from './zipIndex';

export interface WorkbookOutline {
  /** The sheets in tab order, as the operator sees them in Excel. */
  sheets: WorkbookSheet[];
  /** `<workbookPr date1904>`: the workbook counts serial day numbers from 1904 (old Mac Excel). */
  date1904: boolean;
}

export interface WorkbookSheet {
  name: string;
  /** The sheet's part inside the zip, e.g. `xl/worksheets/sheet2.xml` (null: no relationship). */
  part: string | null;
}

/** workbook.xml and its relationships are a few kB; this bounds reading them into memory. */
const MAX_PART_BYTES = 16 * 1024 * 1024;
/** Excel allows 31 characters; a longer name is no sheet an operator could have named. */
const MAX_SHEET_NAME = 255;

/** XML 1.0's `Char`: what a document may hold, written out or as a character reference. */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/** A character outside XML's `Char` (after UTF-8 decoding, so never a surrogate). */
const NOT_XML_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/**
 * An attribute's text. A character reference to something XML cannot hold (`&#0;`, a surrogate,
 * past U+10FFFF) makes the workbook invalid, as it does for exceljs's parser: such a name could
 * not be shown, stored or read back.
 */
function decodeXml(text: string): string {
  if (NOT_XML_TEXT.test(text)) throw readErrors.notXlsx();
  return text.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, e: string) => {
    const named = NAMED_ENTITIES[e.toLowerCase()];
    if (named) return named;
    const codePoint = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    if (!isXmlChar(codePoint)) throw readErrors.notXlsx();
    return String.fromCodePoint(codePoint);
  });
}

/** Elements named `local` with any namespace prefix (some writers use `<x:sheet>`), as attribute maps. */
function elements(xml: string, local: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  for (const m of xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${local}\\b([^>]*)>`, 'g'))) {
    const attributes: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[a[1]!] = decodeXml(a[2] ?? a[3] ?? '');
    found.push(attributes);
  }
  return found;
}

/** The relationship id of a `<sheet>`, whatever prefix the writer bound the relationships namespace to. */
function relationshipId(attributes: Record<string, string>): string | undefined {
  const key = Object.keys(attributes).find((k) => k.endsWith(':id'));
  return key ? attributes[key] : undefined;
}

/** Relationship targets are relative to `xl/` unless they start with `/` (the package root). */
function partOf(target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));
}

/** What workbook.xml and its relationships say about the workbook as a whole. */
export async function workbookOutline(path: string, entries: readonly ZipEntry[]): Promise<WorkbookOutline> {
  const entry = (name: string) => entries.find((e) => e.name === name);
  const workbook = entry('xl/workbook.xml');
  if (!workbook) throw readErrors.notXlsx();
  const budget = new InflateBudget(MAX_PART_BYTES);
  const workbookXml = (await readZipEntry(path, workbook, budget)).toString('utf8');
  const relsEntry = entry('xl/_rels/workbook.xml.rels');
  const relsXml = relsEntry ? (await readZipEntry(path, relsEntry, budget)).toString('utf8') : '';
  const targets = new Map(elements(relsXml, 'Relationship').map((r) => [r.Id, r.Target]));
  const sheets = elements(workbookXml, 'sheet').map((attributes) => {
    const target = targets.get(relationshipId(attributes) ?? '');
    return { name: attributes.name ?? '', part: target ? partOf(target) : null };
  });
  if (sheets.length === 0 || sheets.some((sheet) => sheet.name.length > MAX_SHEET_NAME)) throw readErrors.notXlsx();
  // Only "1", as exceljs reads it: its dates and ours (a formula's cached serial) must agree.
  const date1904 = elements(workbookXml, 'workbookPr').some((attributes) => attributes.date1904 === '1');
  return { sheets, date1904 };
}
