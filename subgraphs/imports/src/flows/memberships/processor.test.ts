import { InputError, NotFoundError } from '@ems/schema';
import { TODAY } from '../../../../membership/src/testing/fixtures';
import { createSourceSystem } from '../../data/sourceSystems';
import { getImport, importResult, importRows, submitCellMappings, uploadImport } from '../../domain/commands';
import { uploadCorrections } from '../../domain/failedRows/corrections';
import { failedRowsFile } from '../../domain/failedRows/failedRowsFile';
import { csvUpload, importsFixture, type ImportsFixture } from '../../testing/fixture';

/**
 * The membership import (M01) through every stage in one process, on membership's real functions
 * and a real PostgreSQL, in chunks of three rows so that a household spans chunks. (Through the
 * router and the worker process: tests/e2e/imports-memberships.test.ts.)
 */

let f: ImportsFixture;
beforeAll(async () => {
  f = await importsFixture({ chunkRows: 3, today: () => TODAY });
});
afterAll(() => f.drop());

const upload = (text: string, fields: Record<string, string> = {}) =>
  uploadImport(f.deps, f.operator(), 'MEMBERSHIP', fields, csvUpload(text, 'mitglieder.csv'));

// A club's member list from a German spreadsheet: `;`, German headers, statuses and a family.
const MEMBER_LIST = [
  'Vorname;Nachname;Geburtsdatum;E-Mail;Login;Familie;Mitgliedsart;Saison;Status;Mitgliedsnummer;Mitglied seit;Bemerkung',
  'Lars;Lund;01.01.1981;lars@example.org;;F1;individual;Season 2026;aktiv;;01.03.2015;', // household F1, its login is on row 6
  'Lotta;Lund;02.02.2014;;;F1;junior;Season 2026;offen;;;', // awaiting payment: the household's account pays
  'Mia;Moor;03.03.1990;mia@example.org;mia.moor;;student;Season 2026;;M-500;;', // an account of her own, her old number
  'Otto;Ohm;04.04.1970;;;;Individual;Season 2025;active;;;', // last season
  'Lisa;Lund;05.05.1982;lisa@example.org;lund.lisa;F1;Individual;Season 2026;active;;;', // the household's login
  'Otto;Ohm;04.04.1970;;;;individual;Season 2026;;;;', // renews
  'Max;Fehler;01.01.1990;;;;individual;Season 2026;vielleicht;;;',
  'Nora;Nix;01.01.1990;;;;Familie;Season 2026;;;;', // a type the club does not have
  'Paul;Pending;01.01.1985;;;;individual;Season 2026;pending;;;', // awaiting payment, nobody to pay
].join('\n');

async function accountOf(userKey: string) {
  return f.knex('membership.accounts').where({ registrationSystemId: f.club.tenantId, externalUserId: userKey }).first();
}

async function linkedPersons(accountId: number) {
  return f
    .knex('membership.linkedPersons as l')
    .join('membership.persons as p', 'p.id', 'l.personId')
    .leftJoin('membership.memberships as m', (j) => j.on('m.personId', 'p.id').andOnVal('m.periodId', f.club.periodId))
    .where('l.accountId', accountId)
    .orderBy('p.firstName')
    .select('p.firstName', 'l.relationship', 'm.status', 'm.memberType');
}

describe('membership import through every stage', () => {
  let jobId: string;

  it('maps the German headers, resolves periods and types, and asks about a type the club does not have', async () => {
    const job = await upload(MEMBER_LIST);
    jobId = job.id;
    const view = await getImport(f.operator(), jobId);
    expect(view.state).toBe('CELLS_NEEDED');
    expect(view.columns?.mappings.map((m) => m.field)).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'email',
      'userKey',
      'householdKey',
      'membershipType',
      'period',
      'status',
      'membershipNumber',
      'memberSince',
      null,
    ]);
    expect(view.ignoredColumns).toEqual(['Bemerkung']);
    expect(view.cells?.asked).toEqual([expect.objectContaining({ fkType: 'membershipType', value: 'Familie', rows: 1 })]);
  });

  it('completes in chunks: persons, accounts, households, renewals, numbers and typed failures', async () => {
    const view = await submitCellMappings(f.deps, f.operator(), jobId, [{ fkType: 'membershipType', value: 'Familie', targetId: null }]);
    expect(view.state).toBe('COMPLETED');
    expect(view.verification).toMatchObject({ performed: false, skippedBecause: 'No source system was chosen' });
    expect(view.counts).toMatchObject({
      rows: 9,
      created: 6,
      failed: 3,
      personsCreated: 5,
      renewals: 1,
      accountsCreated: 2,
      linksCreated: 4,
      ordersCreated: 1,
    });
    const { rows } = await importRows(f.deps, f.operator(), jobId, { after: 0, first: 100, failedOnly: false });
    const byRow = Object.fromEntries(rows.map((r) => [r.rowNo, r]));
    expect(byRow[7]).toMatchObject({ outcome: 'CREATED', personId: byRow[5]?.personId, matchKind: 'NONE' });
    expect(byRow[8]?.failure).toEqual({ category: 'FAILED', description: 'Status "vielleicht" is not one of: active, awaiting payment' });
    expect(byRow[9]?.failure).toMatchObject({ category: 'FK_MISMATCH', fkType: 'membershipType', fkValue: 'Familie' });
    expect(byRow[10]?.failure).toMatchObject({ category: 'FAILED', description: expect.stringContaining('nobody could pay') });
  });

  it('links the household’s rows to its login wherever they are in the file, and the login’s row is its own person', async () => {
    const lisa = await accountOf('lund.lisa');
    const lisaPerson = await f.knex('membership.persons').where({ id: lisa.personId }).first('firstName');
    expect(lisaPerson.firstName).toBe('Lisa');
    expect(await f.knex('membership.orgUsers').where({ accountId: lisa.id }).first('organisationId', 'roles')).toEqual({
      organisationId: f.club.organisationId,
      roles: ['ROLE_USER'],
    });
    expect(await linkedPersons(lisa.id)).toEqual([
      // A member since 2015, but Season 2026 has a previous period here, which decides: new.
      { firstName: 'Lars', relationship: 'household', status: 'active', memberType: 'new' },
      { firstName: 'Lisa', relationship: 'self', status: 'active', memberType: 'new' },
      { firstName: 'Lotta', relationship: 'household', status: 'pending_payment', memberType: 'new' },
    ]);
    const order = await f.knex('membership.orders').where({ accountId: lisa.id }).first('status', 'totalMinor');
    expect(order).toMatchObject({ status: 'unpaid' });
    expect(order.totalMinor).toBeGreaterThan(0);
    const mia = await accountOf('mia.moor');
    expect(await linkedPersons(mia.id)).toEqual([{ firstName: 'Mia', relationship: 'self', status: 'active', memberType: 'new' }]);
  });

  it('keeps a given number and numbers the rest by the period’s pattern; Otto renews', async () => {
    const numbers = await f
      .knex('membership.memberships as m')
      .join('membership.persons as p', 'p.id', 'm.personId')
      .where('p.registrationSystemId', f.club.tenantId)
      .whereIn('p.lastName', ['Lund', 'Moor', 'Ohm'])
      .orderBy('m.id')
      .select('p.firstName', 'm.membershipNumber', 'm.memberType', 'm.details');
    const pattern = /^TEST-CLUB-\d+-(2025|2026)-\d{5}$/;
    const byName = (name: string) => numbers.filter((n: { firstName: string }) => n.firstName === name);
    expect(byName('Mia')[0]?.membershipNumber).toBe('M-500');
    expect(byName('Lars')[0]?.membershipNumber).toMatch(pattern);
    expect(byName('Lars')[0]?.details).toMatchObject({ memberSince: '2015-03-01', importJobId: jobId });
    expect(byName('Lotta')[0]?.membershipNumber).toBeNull();
    expect(byName('Otto').map((o: { memberType: string }) => o.memberType)).toEqual(['new', 'renewal']);
  });

  it('answers the result resource, and the same file again changes nothing', async () => {
    const result = await importResult(f.deps, f.operator(), 'MEMBERSHIP', jobId);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      organisationId: f.club.organisationId,
      periodId: null,
      ignoredColumns: ['Bemerkung'],
    });
    const again = await upload(MEMBER_LIST);
    expect(again.alreadyImportedJobId).toBe(jobId);
    const view = await submitCellMappings(f.deps, f.operator(), again.id, [{ fkType: 'membershipType', value: 'Familie', targetId: null }]);
    expect(view.counts).toMatchObject({ rows: 9, created: 0, updated: 0, unchanged: 6, failed: 3, personsCreated: 0, accountsCreated: 0 });
  });
});

describe('a "Paid" column and the year members joined, in the club’s first period here', () => {
  it('reads ja and nein; a member since before the period renews without the joining fee, one who joined for it is new', async () => {
    // A period without a previous one: the club's first season in this system.
    const season = await f.knex('membership.membershipPeriods').where({ id: f.club.periodId }).first();
    await f.knex('membership.membershipPeriods').insert({
      organisationId: season.organisationId,
      name: 'Erste Saison',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      registrationOpensOn: '2025-10-01',
      registrationClosesOn: '2026-06-30',
      status: 'open',
      pricingRules: JSON.stringify(season.pricingRules),
      previousPeriodId: null,
    });
    const job = await upload(
      [
        'First name,Last name,Date of birth,User key,Membership type,Period,Bezahlt,Mitglied seit',
        'Jan,Jahr,1980-01-01,jan.jahr,individual,Erste Saison,ja,2016',
        'Nele,Nein,1981-01-01,nele.nein,individual,Erste Saison,nein,2026', // joined this year: new
        'Olaf,Offen,1982-01-01,olaf.offen,individual,Erste Saison,nein,2011', // an old member who has not paid yet
        'Petra,Prae,1984-01-01,petra.prae,individual,Erste Saison,nein,20.11.2025', // joined in the pre-season window: new
        'Ben,Bald,1983-01-01,,individual,Erste Saison,ja,2030',
        'Uwe,Ur,1984-01-01,,individual,Erste Saison,ja,1950',
        'Vic,Vier,1984-01-01,,individual,Erste Saison,ja,0815',
      ].join('\n'),
    );
    const view = await getImport(f.operator(), job.id);
    expect(view.counts).toMatchObject({ created: 4, failed: 3, renewals: 2 });
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: true });
    expect(rows.map((r) => [r.rowNo, r.failure?.description])).toEqual([
      [6, 'Member since 2030 is in the future'],
      [7, 'Member since 1950 is before the date of birth'],
      [8, 'Member since "0815" is not a date or a year (use YYYY-MM-DD, DD.MM.YYYY or YYYY)'],
    ]);
    const membership = async (userKey: string) =>
      f
        .knex('membership.memberships as m')
        .join('membership.accounts as a', 'a.personId', 'm.personId')
        .where({ 'a.externalUserId': userKey, 'a.registrationSystemId': f.club.tenantId })
        .first('m.status', 'm.memberType', 'm.orderId', 'm.details');
    expect(await membership('jan.jahr')).toMatchObject({ status: 'active', memberType: 'renewal', details: { memberSince: '2016' } });
    const [nele, olaf, petra] = await Promise.all(['nele.nein', 'olaf.offen', 'petra.prae'].map(membership));
    expect([nele, olaf, petra].map((m) => [m.status, m.memberType])).toEqual([
      ['pending_payment', 'new'],
      ['pending_payment', 'renewal'],
      ['pending_payment', 'new'],
    ]);
    const kinds = async (orderId: number) =>
      (await f.knex('membership.orderLines').where({ orderId }).orderBy('position')).map((l) => l.kind);
    expect(await kinds(nele.orderId)).toContain('joining_fee');
    expect(await kinds(petra.orderId)).toContain('joining_fee');
    expect(await kinds(olaf.orderId)).not.toContain('joining_fee');
  });
});

describe('a corrected failed row of a household', () => {
  it('joins the household’s login, which the first file named', async () => {
    const first = await upload(
      [
        'First name,Last name,Date of birth,User key,Household,Membership type,Period',
        'Vera,Vogt,1980-01-01,vogt.vera,F9,individual,Season 2026',
        'Vito,Vogt,2015-13-01,,F9,junior,Season 2026',
      ].join('\n'),
    );
    expect((await getImport(f.operator(), first.id)).counts).toMatchObject({ created: 1, failed: 1 });
    const { content } = await failedRowsFile(f.deps, f.operator(), first.id);
    let csv = '';
    for await (const chunk of content) csv += String(chunk);
    expect(csv).toContain('2015-13-01');
    const corrections = await uploadCorrections(f.deps, f.operator(), first.id, {}, csvUpload(csv.replace('2015-13-01', '2015-03-01')));
    expect((await getImport(f.operator(), corrections.id)).counts).toMatchObject({ created: 1, failed: 0, linksCreated: 1 });
    expect(await linkedPersons((await accountOf('vogt.vera')).id)).toEqual([
      { firstName: 'Vera', relationship: 'self', status: 'active', memberType: 'new' },
      { firstName: 'Vito', relationship: 'household', status: 'active', memberType: 'new' },
    ]);
  });
});

describe('membership upload fields', () => {
  it('takes rows without a period into the upload’s periodId', async () => {
    const job = await upload('First name,Last name,Date of birth,Membership type\nPia,Plain,1991-01-01,individual\n', {
      periodId: String(f.club.previousPeriodId),
    });
    const view = await getImport(f.operator(), job.id);
    expect(view.counts).toMatchObject({ created: 1 });
    const membership = await f
      .knex('membership.memberships as m')
      .join('membership.persons as p', 'p.id', 'm.personId')
      .where({ 'p.firstName': 'Pia' })
      .first('m.periodId');
    expect(membership.periodId).toBe(f.club.previousPeriodId);
  });

  it('fails rows that name no period when the upload gave none', async () => {
    const job = await upload('First name,Last name,Date of birth,Membership type\nRon,Rowless,1991-01-01,individual\n');
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: true });
    expect(rows[0]?.failure).toEqual({ category: 'FAILED', description: 'The row names no period and the upload gave no periodId' });
  });

  it('refuses an organisation or a period that is not the operator’s, and trusting keys without a source', async () => {
    const file = 'First name,Last name,Date of birth,Membership type\nA,B,1990-01-01,individual\n';
    const other = (await f.knex('membership.orgUsers').where({ accountId: f.club.otherOperator.accountId }).first('organisationId'))
      .organisationId as number;
    await expect(upload(file, { organisationId: String(other) })).rejects.toThrow(NotFoundError);
    await expect(upload(file, { periodId: '999999' })).rejects.toThrow(NotFoundError);
    await expect(upload(file, { trustPKs: 'true' })).rejects.toThrow(InputError);
    await expect(upload(file, { periodId: 'x' })).rejects.toMatchObject({ code: 'INVALID_IMPORT_FIELDS' });
  });

  it('checks the fingerprint (F7) of a file from this system’s own export whose person ids name others', async () => {
    const self = await createSourceSystem(f.knex, {
      registrationSystemId: f.club.tenantId,
      organisationId: f.club.organisationId,
      name: 'Our own export',
      isSelf: true,
    });
    const lines = ['Person ID,First name,Last name,Date of birth,Membership type,Period'];
    for (let i = 0; i < 5; i++) lines.push(`${f.club.family.self},Someone${i},Else,1990-01-0${i + 1},individual,Season 2026`);
    const job = await upload(lines.join('\n'), { sourceSystemId: String(self.id), trustPKs: 'true' });
    const view = await getImport(f.operator(), job.id);
    expect(view.state).toBe('FINGERPRINT_WARNING');
    expect(view.verification?.warning?.code).toBe('KEYS_MATCH_OTHER_PERSONS');
  });
});
