import { setTimeout as sleep } from 'node:timers/promises';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID, DEMO_PREVIOUS_PERIOD_ID } from '@ems/membership/demo';
import type { HttpClient } from '../support/client';
import { browser, signIn } from '../support/demo';
import { ADMIN_API, settledImport, uploadedImport } from '../support/importJobs';
import { graphqlUploadBody, multipartBody } from '../support/multipart';
import { getForm, payThroughCheckout, registerPersons } from '../support/registration';
import { e2eContext } from '../support/stackContext';

/**
 * The membership import (M01) through the router against the real processes (imports service,
 * its worker process, membership, forms, PostgreSQL): a club's member list of 500 persons in 150
 * households becomes persons, accounts, linked persons and memberships; a member from it signs
 * in through a signed link and sees their household with its statuses; and membership numbers
 * stay unique while imports and online registrations (with their payments) run at once.
 */

let knex: Knex;
let olga: HttpClient;

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

interface Job {
  id: string;
  state: string;
  counts: Record<string, number>;
  error: { message: string } | null;
}

function uploadMembers(csv: string, fields: Record<string, string> = {}) {
  const { body, contentType } = multipartBody(fields, [
    { field: 'file', fileName: 'members.csv', contentType: 'text/csv', data: Buffer.from(csv, 'utf8') },
  ]);
  return olga.request('PUT', `${ADMIN_API}/memberships/import`, { body, headers: { 'content-type': contentType } });
}

const SYLLABLES = 'bar cel dor fen gal hum jor kel lom mar nor pel quin ros sar tov ulm vin wes yor'.split(' ');
const FIRST_NAMES = 'Alma Bodo Cilly Detlef Edda Falk Gesa Hauke Inka Jannik Kerstin Lutz Malte Nele Ortwin Pia'.split(' ');
const DAY_MS = 86_400_000;
const day = (from: string, n: number) => new Date(Date.parse(`${from}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Letters only, unique per (file tag, n): names no other test's persons have. */
const surname = (tag: string, n: number) =>
  `${tag}${SYLLABLES[n % 20]}${SYLLABLES[Math.floor(n / 20) % 20]}`.replace(/^./, (c) => c.toUpperCase());

interface MemberLine {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  userKey: string;
  household: string;
  type: 'individual' | 'junior';
  status: 'active' | 'awaiting payment';
  number: string;
}

const HEADER = 'First name,Last name,Date of birth,Email,User key,Household,Membership type,Status,Membership number';
const csvOf = (lines: readonly MemberLine[]) =>
  [
    HEADER,
    ...lines.map((l) =>
      [
        l.firstName,
        l.lastName,
        l.dateOfBirth,
        l.userKey ? `${l.userKey}@example.org` : '',
        l.userKey,
        l.household,
        l.type,
        l.status,
        l.number,
      ].join(','),
    ),
  ].join('\n');

/**
 * The club's list: 150 households of two or three (a login on the holder's row; the holder's row
 * last in every fifth household; the children of every third household awaiting payment) and 125
 * single members with their own login (every fourth with the number of the club's old system).
 * Adults are born 1960-1994, children 2012-2018: each person on a day of their own.
 */
function clubList(): { lines: MemberLine[]; households: Map<string, MemberLine[]> } {
  const lines: MemberLine[] = [];
  const households = new Map<string, MemberLine[]>();
  let adults = 0;
  let children = 0;
  const adult = (n: number) => day('1960-01-03', 31 * adults++ + (n % 7));
  const child = () => day('2012-01-02', 5 * children++);
  for (let h = 0; h < 150; h++) {
    const lastName = surname('Hh', h);
    const login = `m01.h${h}`;
    const base = { lastName, household: `HH-${h}`, number: '' };
    const members: MemberLine[] = [
      { ...base, firstName: FIRST_NAMES[h % 16]!, dateOfBirth: adult(h), userKey: login, type: 'individual', status: 'active' },
    ];
    if (h % 2 === 1) {
      members.push({
        ...base,
        firstName: FIRST_NAMES[(h + 5) % 16]!,
        dateOfBirth: adult(h + 1),
        userKey: '',
        type: 'individual',
        status: 'active',
      });
    }
    members.push({
      ...base,
      firstName: FIRST_NAMES[(h + 9) % 16]!,
      dateOfBirth: child(),
      userKey: '',
      type: 'junior',
      status: h % 3 === 0 ? 'awaiting payment' : 'active',
    });
    if (h % 5 === 0) members.push(members.shift()!);
    households.set(login, members);
    lines.push(...members);
  }
  for (let s = 0; s < 125; s++) {
    lines.push({
      firstName: FIRST_NAMES[s % 16]!,
      lastName: surname('Sg', s),
      dateOfBirth: adult(s),
      userKey: `m01.s${s}`,
      household: '',
      type: 'individual',
      status: 'active',
      number: s % 4 === 0 ? `OLD-${1000 + s}` : '',
    });
  }
  return { lines, households };
}

describe('a member list of 500 persons in 150 households', () => {
  const { lines, households } = clubList();
  let job: Job;

  it('is imported through PUT /api/memberships/import: every row a new member', async () => {
    expect(lines).toHaveLength(500);
    job = await uploadedImport<Job>(olga, await uploadMembers(csvOf(lines), { periodId: String(DEMO_PERIOD_ID) }));
    expect(job.error).toBeNull();
    expect(job.state).toBe('COMPLETED');
    expect(job.counts).toMatchObject({ rows: 500, created: 500, failed: 0, personsCreated: 500, accountsCreated: 275, linksCreated: 500 });
    expect(job.counts.ordersCreated).toBe(50);
  });

  it('made persons, accounts (ROLE_USER of the club), linked persons and memberships, numbered by the pattern or kept', async () => {
    const rows = await knex('membership.accounts as a')
      .join('membership.linkedPersons as l', 'l.accountId', 'a.id')
      .join('membership.persons as p', 'p.id', 'l.personId')
      .join('membership.memberships as m', (j) => j.on('m.personId', 'p.id').andOnVal('m.periodId', DEMO_PERIOD_ID))
      .join('membership.orgUsers as o', 'o.accountId', 'a.id')
      .where('a.registrationSystemId', 1)
      .where('a.externalUserId', 'like', 'm01.%')
      .select(
        'a.externalUserId',
        'a.personId as ownPersonId',
        'p.id',
        'p.firstName',
        'l.relationship',
        'm.status',
        'm.membershipNumber',
        'o.roles',
      );
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.externalUserId)).size).toBe(275);
    for (const r of rows) expect(r.roles).toEqual(['ROLE_USER']);
    const h7 = rows.filter((r) => r.externalUserId === 'm01.h7');
    expect(h7.map((r) => r.relationship).sort()).toEqual(['household', 'household', 'self']);
    expect(h7.find((r) => r.relationship === 'self')?.id).toBe(h7[0]?.ownPersonId);
    expect(rows.filter((r) => r.status === 'pending_payment')).toHaveLength(50);
    const numbers = rows.filter((r) => r.status === 'active').map((r) => r.membershipNumber as string);
    expect(numbers).toHaveLength(450);
    expect(new Set(numbers).size).toBe(450);
    expect(numbers.filter((n) => n.startsWith('OLD-'))).toHaveLength(32);
    expect(numbers.filter((n) => /^RAC-\d{4}-\d{4,}$/.test(n))).toHaveLength(418);
  });

  it('answers GET /api/memberships/import/{jobId} through the router', async () => {
    const res = await olga.get(`${ADMIN_API}/memberships/import/${job.id}`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ jobId: job.id, status: 'COMPLETED', periodId: DEMO_PERIOD_ID, rows: [] });
  });

  it('lets a member of it sign in through a signed link and see their household with its statuses', async () => {
    const login = 'm01.h15';
    const household = households.get(login)!;
    const member = await signIn(browser(), login);
    const form = await getForm(member, DEMO_PERIOD_ID, login);
    const seen = form.people.map((p) => [p.firstName, p.lastName, p.dateOfBirth, p.status, p.canSelect]).sort();
    const expected = household
      .map((l) => [l.firstName, l.lastName, l.dateOfBirth, l.status === 'active' ? 'Registered' : 'Pending Payment', false])
      .sort();
    expect(seen).toEqual(expected);
    expect(household.some((l) => l.status === 'awaiting payment')).toBe(true);
    // The household's own person comes first, as registration lists it.
    expect(form.people[0]?.firstName).toBe(household.find((l) => l.userKey === login)?.firstName);
  });
});

describe('the GraphQL upload', () => {
  it('uploadMemberships makes the same job as the REST upload (a multipart request the router sends to imports)', async () => {
    const csv = csvOf([
      {
        firstName: 'Gunda',
        lastName: surname('Gq', 1),
        dateOfBirth: '1951-06-06',
        userKey: 'm01.g1',
        household: '',
        type: 'individual',
        status: 'active',
        number: '',
      },
    ]);
    const { body, contentType } = graphqlUploadBody(
      'mutation($input: MembershipImportInput!, $file: Upload!) { uploadMemberships(input: $input, file: $file) { id importType callerKey } }',
      { input: { periodId: String(DEMO_PERIOD_ID) } },
      { fileName: 'members.csv', contentType: 'text/csv', data: Buffer.from(csv) },
    );
    const res = await olga.request('POST', '/graphql', {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    const { uploadMemberships } = res.json<{ data: { uploadMemberships: { id: string; importType: string; callerKey: string } } }>().data;
    expect(uploadMemberships).toMatchObject({ importType: 'MEMBERSHIP', callerKey: 'memberships' });
    const job = await settledImport<Job>(olga, uploadMemberships.id);
    expect(job).toMatchObject({ state: 'COMPLETED', counts: expect.objectContaining({ created: 1, accountsCreated: 1 }) });
  });
});

describe('membership numbers while imports and online registrations run at once', () => {
  // Born before the club list's adults (1960 on), so that no row of these files matches one of theirs.
  /** Active members of last season with a login each: they renew online below. */
  const renewing = Array.from({ length: 6 }, (_, i) => ({
    firstName: FIRST_NAMES[i]!,
    lastName: surname('Rn', i),
    dateOfBirth: day('1946-01-01', 41 * i),
    userKey: `m01.r${i}`,
    household: '',
    type: 'individual' as const,
    status: 'active' as const,
    number: '',
  }));
  const batch = (tag: string, from: string, keptFrom: number | null, year: string) =>
    Array.from({ length: 200 }, (_, i) => ({
      firstName: FIRST_NAMES[i % 16]!,
      lastName: surname(tag, i),
      dateOfBirth: day(from, 13 * i),
      userKey: '',
      household: '',
      type: 'individual' as const,
      status: 'active' as const,
      // A few numbers the club's pattern could have made: the sequence must move past them.
      number: keptFrom !== null && i % 50 === 0 ? `RAC-${year}-${keptFrom + i}` : '',
    }));

  async function activeNumbers(): Promise<string[]> {
    const rows = await knex('membership.memberships').where({ periodId: DEMO_PERIOD_ID, status: 'active' }).select('membershipNumber');
    return rows.map((r: { membershipNumber: string }) => r.membershipNumber);
  }

  it('hands out every number once', async () => {
    const previous = await uploadedImport<Job>(olga, await uploadMembers(csvOf(renewing), { periodId: String(DEMO_PREVIOUS_PERIOD_ID) }));
    expect(previous.counts).toMatchObject({ created: 6, failed: 0 });
    const period = await knex('membership.membershipPeriods')
      .where({ id: DEMO_PERIOD_ID })
      .first(knex.raw(`to_char(starts_on, 'YYYY') AS year`));
    const year = period.year as string;

    const imports = [batch('Ca', '1930-01-01', 9000, year), batch('Cb', '1938-01-01', null, year)].map(async (lines) =>
      uploadedImport<Job>(olga, await uploadMembers(csvOf(lines), { periodId: String(DEMO_PERIOD_ID) })),
    );
    const registrations = renewing.map(async (r) => {
      const member = await signIn(browser(), r.userKey);
      const form = await registerPersons(member, DEMO_PERIOD_ID, r.userKey);
      expect(form.processState).toBe('PENDING_PAYMENT');
      await payThroughCheckout(member, form.paymentUrl!, 'pay');
    });
    const [first, second] = await Promise.all(imports);
    await Promise.all(registrations);
    expect(first).toMatchObject({ state: 'COMPLETED', counts: expect.objectContaining({ created: 200, failed: 0 }) });
    expect(second).toMatchObject({ state: 'COMPLETED', counts: expect.objectContaining({ created: 200, failed: 0 }) });

    // Payments are confirmed by the provider's webhook: wait for the renewals to be active.
    const renewers = knex('membership.memberships as m')
      .join('membership.persons as p', 'p.id', 'm.personId')
      .where({ 'm.periodId': DEMO_PERIOD_ID })
      .whereIn(
        'p.lastName',
        renewing.map((r) => r.lastName),
      );
    const deadline = Date.now() + 20_000;
    let renewed: Array<{ status: string; memberType: string; membershipNumber: string | null }> = [];
    while (Date.now() < deadline) {
      renewed = await renewers.clone().select('m.status', 'm.memberType', 'm.membershipNumber');
      if (renewed.length === 6 && renewed.every((m) => m.status === 'active')) break;
      await sleep(200);
    }
    expect(renewed.map((m) => [m.status, m.memberType])).toEqual(Array(6).fill(['active', 'renewal']));

    const numbers = await activeNumbers();
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of renewed) expect(n.membershipNumber).toMatch(new RegExp(`^RAC-${year}-\\d{4,}$`));
    // Every number the pattern made is a distinct sequence value, and the sequence is past all of them.
    const sequences = numbers.flatMap((n) => (n.startsWith(`RAC-${year}-`) ? [Number(n.slice(9))] : []));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(sequences).toContain(9150);
    const org = await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id');
    const sequence = await knex.raw(`SELECT last_value FROM pg_sequences WHERE sequencename = ?`, [`membership_numbers_${org.id}`]);
    expect(Number(sequence.rows[0].last_value)).toBeGreaterThanOrEqual(Math.max(...sequences));
  });
});
