import { posix } from 'node:path';
import { readErrors } from './messages';
import { readZipEntry, type ZipEntry } from './zipDirectory';

export interface WorkbookSheet {
  name: string;
  /** The sheet's part inside the zip, e.g. `xl/worksheets/sheet2.xml` (null: no relationship). */
  part: string | null;
}

/** workbook.xml and its relationships are a few kB; this bounds reading them into memory. */
const MAX_PART_BYTES = 16 * 1024 * 1024;

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
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

/** The sheets in tab order, as the operator sees them in Excel. */
export async function workbookSheets(path: string, entries: readonly ZipEntry[]): Promise<WorkbookSheet[]> {
  const entry = (name: string) => entries.find((e) => e.name === name);
  const workbook = entry('xl/workbook.xml');
  if (!workbook) throw readErrors.notXlsx();
  const workbookXml = (await readZipEntry(path, workbook, MAX_PART_BYTES)).toString('utf8');
  const relsEntry = entry('xl/_rels/workbook.xml.rels');
  const relsXml = relsEntry ? (await readZipEntry(path, relsEntry, MAX_PART_BYTES)).toString('utf8') : '';
  const targets = new Map(elements(relsXml, 'Relationship').map((r) => [r.Id, r.Target]));
  const sheets = elements(workbookXml, 'sheet').map((attributes) => {
    const target = targets.get(relationshipId(attributes) ?? '');
    return { name: attributes.name ?? '', part: target ? partOf(target) : null };
  });
  if (sheets.length === 0) throw readErrors.notXlsx();
  return sheets;
}
