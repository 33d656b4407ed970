import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { benchPerson, distinctBenchPerson, type BenchPerson } from './generate';

/**
 * The generated member file of the M01 benchmark (members.ts): a club's member list. Every fifth
 * row is one of the existing persons, the others are new. Rows come in households of one to four
 * (the first row of a household of two or more carries its login, and so does every single
 * member), children are junior members, the others individual; every tenth row not holding a login
 * awaits payment, every tenth row keeps a number of the club's old system.
 */

export const MEMBER_HEADER = [
  'First name',
  'Last name',
  'Date of birth',
  'Email',
  'User key',
  'Household',
  'Membership type',
  'Status',
  'Membership number',
] as const;
/** New members are distinctBenchPerson(NEW_PERSONS_FROM * (1 + tag) + r, ...): beyond every person the other scenarios make, and no two alike. */
const NEW_PERSONS_FROM = 10_000_000;

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** The household of row r: rows [start, start + size) share it, size 1..4 by a hash of the start. */
function householdStarts(rows: number): Uint8Array {
  const sizes = new Uint8Array(rows);
  for (let start = 0; start < rows;) {
    const size = Math.min(1 + (mix(start ^ 0x3a01) % 4), rows - start);
    sizes[start] = size;
    start += size;
  }
  return sizes;
}

function isJunior(dateOfBirth: string, referenceDate: string): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ry, rm, rd] = referenceDate.split('-').map(Number) as [number, number, number];
  const age = ry - y - (rm > m || (rm === m && rd >= d) ? 0 : 1);
  return age < 18;
}

/** One row of the generated member file. */
export interface MemberBenchRow extends BenchPerson {
  /** The index of the existing person (benchPerson) the row names, or null for a new person. */
  existing: number | null;
  /** The row's login: the first row of a household of two or more, and every single member. */
  login: string;
  /** The row number of its household's first row (whose login the household shares). */
  householdStart: number;
  householdKey: string;
  type: 'junior' | 'individual';
  status: 'active' | 'awaiting payment';
  number: string;
}

/**
 * The rows of a member file. `tag` keeps two files' new persons, logins and old numbers apart
 * (the small file's rows would otherwise be found again, UNCHANGED, in the large one).
 */
export function* memberBenchRows(o: {
  rows: number;
  existingPersons: number;
  referenceDate: string;
  tag: number;
}): Generator<MemberBenchRow> {
  const { rows, existingPersons, referenceDate, tag } = o;
  const sizes = householdStarts(rows);
  let household = -1;
  let size = 0;
  for (let r = 0; r < rows; r++) {
    if (sizes[r]) {
      household = r;
      size = sizes[r]!;
    }
    const existing = r % 5 === 0 && r / 5 < existingPersons ? r / 5 : null;
    const person = existing !== null ? benchPerson(existing) : distinctBenchPerson(NEW_PERSONS_FROM * (1 + tag) + r, 2 * r + tag);
    const holder = r === household;
    yield {
      ...person,
      existing,
      login: holder ? `m01-${tag}-${r}` : '',
      householdStart: household,
      householdKey: size > 1 ? `HH-${household}` : '',
      type: isJunior(person.dateOfBirth, referenceDate) ? 'junior' : 'individual',
      status: !holder && mix(r ^ 0x5e1) % 10 === 0 ? 'awaiting payment' : 'active',
      number: mix(r ^ 0x77) % 10 === 0 ? `OLD-${tag}-${r + 1}` : '',
    };
  }
}

export async function writeMembersCsv(
  file: string,
  o: { rows: number; existingPersons: number; referenceDate: string; tag: number },
): Promise<void> {
  const stream = createWriteStream(file);
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  try {
    await write(`${MEMBER_HEADER.join(',')}\n`);
    let text = '';
    let r = 0;
    for (const m of memberBenchRows(o)) {
      text += `${m.firstName},${m.lastName},${m.dateOfBirth},${m.email},${m.login},${m.householdKey},${m.type},${m.status},${m.number}\n`;
      if (++r % 2000 === 0) {
        await write(text);
        text = '';
      }
    }
    await write(text);
  } finally {
    stream.end();
    await once(stream, 'finish');
  }
}
