import { once } from 'node:events';
import { createWriteStream, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';

/**
 * The benchmark's data, a pure function of a fixed seed and an index, so that the seed (persons)
 * and the files (rows) agree without either being held in memory, and every run imports the same
 * bytes. A participant list names each participant once, so every fifth row names an existing
 * person (row 5k: person k, while k < persons), alternately exactly (10 % of the rows) and with
 * one letter of the last name changed or two swapped, same date of birth (10 %: fuzzy matching);
 * the other rows are new persons (80 %). The 1,000,000-row file against 200,000 persons names each
 * existing person once; a larger file names new persons only after the existing ones run out.
 */

const SEED = 0x1d_2026;
export const CATEGORY_CODES = ['M', 'W', 'M40', 'W40', 'U18'] as const;
export const CSV_HEADER = ['First name', 'Last name', 'Date of birth', 'Email', 'Bib', 'Category', 'External ID'] as const;

const FIRST_NAMES = (
  'Anna Ben Clara David Elena Felix Greta Hannah Ivan Jonas Katrin Lukas Marie Niklas Olga Paul Queenie Robert Sofia Tobias ' +
  'Ulrike Valentin Wiebke Xaver Yvonne Zoe Adrian Bettina Carsten Daniela Emil Franziska Georg Helene Ingo Julia Konrad Laura ' +
  'Moritz Nora Oskar Petra Rainer Sabine Thomas Ute Viktor Werner Annika Bruno Carla Dominik Eva Florian Gisela Henrik Isabel ' +
  'Jakob Karla Leon Mia Noah Olivia Philipp Rosa Simon Tanja Uwe Vera Wolfgang Amelie Bernd Charlotte Dieter Emma Frieda'
).split(' ');
const SYLLABLES = 'ber gen hof mann stein wald brun dor fel kir lan mei ner ost rau sch tal wen zim hau bach ling horn feld'.split(' ');
const BIRTH_DAYS = 60 * 365;
const FIRST_BIRTH_DAY = Date.UTC(1950, 0, 1);
const DAY_MS = 86_400_000;

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A 32-bit hash of (index, salt) under the fixed seed. */
function hash(index: number, salt: number): number {
  return mix(mix(SEED ^ Math.imul(salt, 0x9e3779b1)) ^ index ^ Math.floor(index / 0x1_0000_0000));
}

export interface BenchPerson {
  firstName: string;
  lastName: string;
  /** ISO date. */
  dateOfBirth: string;
  email: string;
}

/** Person `index`: below the organisation's person count an existing one, above it a new one. */
export function benchPerson(index: number): BenchPerson {
  const h = hash(index, 1);
  const firstName = FIRST_NAMES[h % FIRST_NAMES.length]!;
  const s = hash(index, 2);
  const n = SYLLABLES.length;
  const last = SYLLABLES[s % n]! + SYLLABLES[Math.floor(s / n) % n]! + SYLLABLES[Math.floor(s / (n * n)) % n]!;
  const lastName = last[0]!.toUpperCase() + last.slice(1);
  const dateOfBirth = new Date(FIRST_BIRTH_DAY + (hash(index, 3) % BIRTH_DAYS) * DAY_MS).toISOString().slice(0, 10);
  return { firstName, lastName, dateOfBirth, email: `${firstName}.${lastName}.${index}@example.org`.toLowerCase() };
}

/**
 * Person `index` with a last name no other person of the benchmark has: generated names and
 * birthdays collide by chance (a few pairs in 300,000 persons), and such a pair is one person to
 * an importer. `n` (distinct per person) is appended as syllables, so the name stays pronounceable
 * and differs from every three-syllable name by at least one syllable.
 */
export function distinctBenchPerson(index: number, n: number): BenchPerson {
  const person = benchPerson(index);
  let code = '';
  for (let rest = n; ; rest = Math.floor(rest / SYLLABLES.length)) {
    code += SYLLABLES[rest % SYLLABLES.length]!;
    if (rest < SYLLABLES.length) break;
  }
  return { ...person, lastName: person.lastName + code };
}

/** One letter changed, or two neighbours swapped, never the first letter: the same name with a typo. */
function withTypo(name: string, h: number): string {
  const at = 1 + (h % (name.length - 2));
  const a = name[at]!;
  const b = name[at + 1]!;
  if (h & 0x8000_0000 && a !== b) return name.slice(0, at) + b + a + name.slice(at + 2);
  const replacement = a === 'e' ? 'a' : 'e';
  return name.slice(0, at) + replacement + name.slice(at + 1);
}

export type RowKind = 'exact' | 'typo' | 'new';

export interface BenchRow extends BenchPerson {
  kind: RowKind;
  bib: number;
  category: string;
  externalId: string;
}

export function benchRow(r: number, existingPersons: number): BenchRow {
  const existing = r % 5 === 0 && r / 5 < existingPersons ? r / 5 : null;
  const kind: RowKind = existing === null ? 'new' : existing % 2 === 0 ? 'exact' : 'typo';
  const person = benchPerson(existing ?? existingPersons + r);
  const lastName = kind === 'typo' ? withTypo(person.lastName, hash(r, 5)) : person.lastName;
  return {
    ...person,
    lastName,
    kind,
    bib: r + 1,
    category: CATEGORY_CODES[hash(r, 6) % CATEGORY_CODES.length]!,
    externalId: `EXT-${String(r + 1).padStart(8, '0')}`,
  };
}

/** No value the generator makes needs quoting (letters, digits, `-`, `.`, `@`). */
function csvLine(row: BenchRow): string {
  return `${row.firstName},${row.lastName},${row.dateOfBirth},${row.email},${row.bib},${row.category},${row.externalId}\n`;
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'finish');
}

const BATCH_ROWS = 2000;

/**
 * Rows [from, from + count) as CSV files, streamed: `files` maps each file to how many of the
 * rows it takes (a prefix), so one pass writes the large file and its first-rows sample.
 */
export async function writeCsvFiles(
  files: ReadonlyArray<{ file: string; rows: number }>,
  from: number,
  existingPersons: number,
): Promise<void> {
  const streams = files.map((f) => ({ ...f, stream: createWriteStream(f.file) }));
  try {
    const header = `${CSV_HEADER.join(',')}\n`;
    for (const s of streams) await write(s.stream, header);
    const total = Math.max(...files.map((f) => f.rows));
    for (let start = 0; start < total; start += BATCH_ROWS) {
      const end = Math.min(start + BATCH_ROWS, total);
      const lines: string[] = [];
      for (let i = start; i < end; i++) lines.push(csvLine(benchRow(from + i, existingPersons)));
      const text = lines.join('');
      for (const s of streams) {
        if (s.rows >= end) await write(s.stream, text);
        // The prefix ends inside this batch: only its own rows.
        else if (s.rows > start) await write(s.stream, lines.slice(0, s.rows - start).join(''));
      }
    }
  } finally {
    await Promise.all(streams.map((s) => close(s.stream)));
  }
}

/** Rows [0, rows) as one XLSX sheet, streamed (exceljs' WorkbookWriter), the date of birth as real date cells. */
export async function writeXlsxFile(file: string, rows: number, existingPersons: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Participants');
  sheet.columns = CSV_HEADER.map((header, i) => ({
    header,
    key: String(i),
    width: 16,
    ...(i === 2 ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  for (let r = 0; r < rows; r++) {
    const row = benchRow(r, existingPersons);
    sheet
      .addRow([row.firstName, row.lastName, new Date(`${row.dateOfBirth}T00:00:00Z`), row.email, row.bib, row.category, row.externalId])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

export interface BenchFiles {
  dir: string;
  largeCsv: string;
  smallCsv: string;
  xlsx: string;
  /** One small CSV per delay job, each with other rows (no two uploads are the same file). */
  delayCsvs: string[];
}

export function fileSize(file: string): number {
  return statSync(file).size;
}

/** All files of a run under `dir`. */
export async function generateFiles(
  dir: string,
  o: { rows: number; smallRows: number; existingPersons: number; delayJobs: number; delayJobRows: number },
): Promise<BenchFiles> {
  const files: BenchFiles = {
    dir,
    largeCsv: path.join(dir, `participants-${o.rows}.csv`),
    smallCsv: path.join(dir, `participants-${o.smallRows}.csv`),
    xlsx: path.join(dir, `participants-${o.smallRows}.xlsx`),
    delayCsvs: Array.from({ length: o.delayJobs }, (_, k) => path.join(dir, `delay-${k}.csv`)),
  };
  await writeCsvFiles(
    [
      { file: files.largeCsv, rows: o.rows },
      { file: files.smallCsv, rows: o.smallRows },
    ],
    0,
    o.existingPersons,
  );
  await writeXlsxFile(files.xlsx, o.smallRows, o.existingPersons);
  for (const [k, file] of files.delayCsvs.entries()) {
    // Beyond the large file's rows: bibs and new persons of their own.
    await writeCsvFiles([{ file, rows: o.delayJobRows }], o.rows + k * o.delayJobRows, o.existingPersons);
  }
  return files;
}
