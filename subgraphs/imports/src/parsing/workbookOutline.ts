import { posix } from 'node:path';
import { SaxesParser, type SaxesAttributeNS } from 'saxes';
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

/** workbook.xml and its relationships are a few kB; this bounds reading (and parsing) them. */
const MAX_PART_BYTES = 4 * 1024 * 1024;
/** Excel allows 31 characters; a longer name is no sheet an operator could have named. */
const MAX_SHEET_NAME = 255;

/** One element's name without its prefix, and its attributes. */
interface XmlElement {
  local: string;
  attributes: Record<string, SaxesAttributeNS>;
}

/**
 * Every element of a document, in order. A streaming XML parser rather than regexes: its work is
 * linear in the document (a regex over attributes backtracked quadratically on a long run of name
 * characters), and it refuses what XML refuses (a character reference to `&#0;` or past U+10FFFF,
 * an unbound prefix) as exceljs's parser does, so such a workbook is no workbook.
 */
function xmlElements(xml: string): XmlElement[] {
  const found: XmlElement[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => found.push({ local: tag.local, attributes: tag.attributes }));
  try {
    parser.write(xml).close();
  } catch {
    // saxes throws on the first well-formedness error when no error handler is set.
    throw readErrors.notXlsx();
  }
  return found;
}

/** Elements named `local` with any namespace prefix (some writers use `<x:sheet>`). */
function elementsNamed(all: readonly XmlElement[], local: string): XmlElement[] {
  return all.filter((element) => element.local === local);
}

/** An attribute's value by its name as written (no prefix), or undefined. */
function attribute(element: XmlElement, name: string): string | undefined {
  return element.attributes[name]?.value;
}

/** The relationship id of a `<sheet>`, whatever prefix the writer bound the relationships namespace to. */
function relationshipId(element: XmlElement): string | undefined {
  return Object.values(element.attributes).find((a) => a.local === 'id' && a.prefix !== '')?.value;
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
  const workbookElements = xmlElements(workbookXml);
  const targets = new Map(
    elementsNamed(relsXml ? xmlElements(relsXml) : [], 'Relationship').map((r) => [attribute(r, 'Id'), attribute(r, 'Target')]),
  );
  const sheets = elementsNamed(workbookElements, 'sheet').map((element) => {
    const target = targets.get(relationshipId(element) ?? '');
    return { name: attribute(element, 'name') ?? '', part: target ? partOf(target) : null };
  });
  if (sheets.length === 0 || sheets.some((sheet) => sheet.name.length > MAX_SHEET_NAME)) throw readErrors.notXlsx();
  // Only "1", as exceljs reads it: its dates and ours (a formula's cached serial) must agree.
  const date1904 = elementsNamed(workbookElements, 'workbookPr').some((element) => attribute(element, 'date1904') === '1');
  return { sheets, date1904 };
}
