import { insertSelfRegisteredAccount } from '../../../membership/src/data/memberAccounts';
import { personIdsConnectedToOrganisations } from '../../../membership/src/data/scope';
import { isOrganisationMember } from '../../../membership/src/domain/registration/organisationMember';
import { TODAY } from '../../../membership/src/testing/fixtures';
import { getImport, importResult, importRows, sourceSystems, uploadImport } from '../domain/commands';
import { undoImport } from '../domain/undo/commands';
import { csvUpload, importsFixture, uploadParticipants, type ImportsFixture } from '../testing/fixture';

/**
 * Organisation boundary in imports (docs/decisions.md): an import never reads or changes the
 * stored personal data of a person who was not connected to the job's organisation before it
 * started. Lars is a person of the other club of the same registration system; the club's
 * operator imports files naming him by Person ID, exactly and fuzzily, into an event (participants)
 * and as members (M01).
 */

let f: ImportsFixture;
let otherOrganisationId: number;
let lars: number;
const LARS = { firstName: 'Lars', lastName: 'Lind', dateOfBirth: '1991-03-03', email: 'lars.lind@example.org' };

beforeAll(async () => {
  // Chunks of two rows: the job's own new person, named again in a later chunk, is found.
  f = await importsFixture({ chunkRows: 2, today: () => TODAY });
  ({ organisationId: otherOrganisationId } = await f
    .knex('membership.orgUsers')
    .where({ accountId: f.club.otherOperator.accountId })
    .first('organisationId'));
  lars = await f.person(LARS.firstName, LARS.lastName, LARS.dateOfBirth, otherOrganisationId);
  await f.knex('membership.persons').where({ id: lars }).update({ email: LARS.email });
});
afterAll(() => f.drop());

async function storedLars() {
  return f
    .knex('membership.persons')
    .where({ id: lars })
    .first('firstName', 'lastName', 'email', f.knex.raw(`to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth"`));
}

async function selfSource(): Promise<string> {
  return String((await sourceSystems(f.deps, f.operator())).find((s) => s.isSelf)?.id);
}

async function participantsOf(eventId: number): Promise<number[]> {
  return (await f.knex('membership.participants').where({ eventId }).orderBy('personId').select('personId')).map((p) => p.personId);
}

describe('a trusted Person ID of another organisation (own export, trustPKs, updatePII)', () => {
  let eventId: number;
  let jobId: string;
  const file = () => `Person ID,First name,Last name,Date of birth,Email\n${lars},Lars,Changed,1991-03-03,attacker@example.org\n`;

  beforeAll(async () => {
    eventId = (await f.event()).id;
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      { eventId: String(eventId), sourceSystemId: await selfSource(), trustPKs: 'true', updatePII: 'true' },
      csvUpload(file()),
    );
    jobId = job.id;
  });

  it('the F7 sample shows none of his stored data: the key names nobody of the club', async () => {
    const view = await getImport(f.operator(), jobId);
    expect(view.verification?.performed).toBe(true);
    expect(view.verification?.sample).toEqual([expect.objectContaining({ rowNo: 2, personId: null, matchKind: 'NONE', changes: [] })]);
    const stored = JSON.stringify(view);
    for (const value of [LARS.lastName, LARS.email]) expect(stored).not.toContain(value);
  });

  it('the row is UNRESOLVED_PERSON, his data is not overwritten, and he is not made a participant', async () => {
    const view = await getImport(f.operator(), jobId);
    expect(view.state).toBe('COMPLETED');
    expect(view.counts).toMatchObject({ rows: 1, failed: 1, created: 0, personsUpdated: 0, personsCreated: 0 });
    const { rows } = await importRows(f.deps, f.operator(), jobId, { after: 0, first: 10, failedOnly: false });
    expect(rows).toEqual([
      expect.objectContaining({
        rowNo: 2,
        personId: null,
        failure: expect.objectContaining({ category: 'UNRESOLVED_PERSON', rawFirstName: 'Lars', rawLastName: 'Changed' }),
      }),
    ]);
    expect(rows[0]?.failure?.description).toBe(`Person ID ${lars} is not a person of this club`);
    expect(await storedLars()).toEqual(LARS);
    expect(await participantsOf(eventId)).toEqual([]);
  });
});

describe('rows matching another organisation’s person by name', () => {
  it('exactly or fuzzily: a new person of the club each time, with him as a merge candidate; his data untouched', async () => {
    const { id: eventId } = await f.event();
    const file = [
      'First name,Last name,Date of birth,Email',
      'Lars,Lind,1991-03-03,attacker@example.org', // exact
      'Lars,Lindt,1991-03-03,', // fuzzy (sure)
      'Nele,Neu,2000-01-01,',
      'Xaver,Xu,2000-02-02,',
      'Nele,Neu,2000-01-01,', // the same new person again, in a later chunk
    ].join('\n');
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload(file));
    const view = await getImport(f.operator(), job.id);
    expect(view.state).toBe('COMPLETED');
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: false });
    const [exact, fuzzy, nele, , neleAgain] = rows;
    expect(exact).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    expect(fuzzy).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    for (const row of [exact, fuzzy]) {
      expect(row?.personId).not.toBe(lars);
      expect(row?.mergeCandidates).toEqual([expect.objectContaining({ personId: row?.personId, candidatePersonId: lars })]);
    }
    // Nele is the job's own new person: its later chunk finds her.
    expect(neleAgain).toMatchObject({ personId: nele?.personId, matchKind: 'EXACT' });
    expect(view.counts).toMatchObject({ personsCreated: 4, mergeCandidates: 2 });
    expect(await participantsOf(eventId)).not.toContain(lars);
    expect(await storedLars()).toEqual(LARS);

    // The summary names him by id only (membership resolves a person the operator may not see as null).
    const result = await importResult(f.deps, f.operator(), 'EVENT_PARTICIPANT', job.id);
    expect(result.mergeCandidatesCreated.map((m) => m.candidatePersonId)).toEqual([lars, lars]);
    expect(JSON.stringify(result)).not.toContain(LARS.email);
  });

  it('importing the same file again finds the club’s new persons, not him', async () => {
    const { id: eventId } = await f.event();
    const file = 'First name,Last name,Date of birth\nLars,Lind,1991-03-03\n';
    const first = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload(file));
    const [created] = (await importRows(f.deps, f.operator(), first.id, { after: 0, first: 10, failedOnly: false })).rows;
    const again = await uploadParticipants(f.deps, f.operator(), { eventId: String((await f.event()).id) }, csvUpload(file));
    const [found] = (await importRows(f.deps, f.operator(), again.id, { after: 0, first: 10, failedOnly: false })).rows;
    expect(created?.personId).not.toBe(lars);
    expect(found).toMatchObject({ matchKind: 'EXACT', personId: created?.personId });
  });
});

describe('the membership import (M01)', () => {
  it('a row naming her makes a new member of the club with her as a candidate; her trusted Person ID is UNRESOLVED_PERSON', async () => {
    // Mona, a member of the other club (the earlier tests made club persons named like Lars).
    const mona = await f.person('Mona', 'Moss', '1985-08-08', otherOrganisationId);
    const before = await f.knex('membership.persons').where({ id: mona }).first();
    const file = [
      'Person ID,First name,Last name,Date of birth,Email,Membership type,Season',
      `,Mona,Moss,1985-08-08,attacker@example.org,individual,Season 2026`,
      `${mona},Mona,Changed,1985-08-08,attacker@example.org,individual,Season 2026`,
    ].join('\n');
    const job = await uploadImport(
      f.deps,
      f.operator(),
      'MEMBERSHIP',
      { sourceSystemId: await selfSource(), trustPKs: 'true', updatePII: 'true', acknowledgeFingerprintWarning: 'true' },
      csvUpload(file, 'members.csv'),
    );
    const view = await getImport(f.operator(), job.id);
    expect(view.state).toBe('COMPLETED');
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: false });
    expect(rows[0]).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    expect(rows[0]?.personId).not.toBe(mona);
    expect(rows[0]?.mergeCandidates).toEqual([expect.objectContaining({ candidatePersonId: mona })]);
    expect(rows[1]?.failure).toMatchObject({ category: 'UNRESOLVED_PERSON' });
    expect(await f.knex('membership.memberships').where({ personId: mona })).toEqual([]);
    expect(await f.knex('membership.persons').where({ id: mona }).first()).toEqual(before);
  });
});

describe('the membership import (M01) naming another organisation’s account by user key', () => {
  // Vera's account is a user of the other club only; her son Vito is linked to it.
  let vera: number;
  let vito: number;
  let veraAccount: number;
  let jobId: string;

  beforeAll(async () => {
    vera = await f.person('Vera', 'Voss', '1982-04-04', otherOrganisationId);
    vito = await f.person('Vito', 'Voss', '2012-04-04', otherOrganisationId);
    [{ id: veraAccount }] = await f
      .knex('membership.accounts')
      .insert({ registrationSystemId: f.club.tenantId, externalUserId: 'vera.voss', personId: vera, email: 'vera@example.org' })
      .returning('id');
    await f
      .knex('membership.orgUsers')
      .insert({ accountId: veraAccount, organisationId: otherOrganisationId, roles: ['ROLE_USER'], isPrimary: true });
    await f.knex('membership.linkedPersons').insert([
      { accountId: veraAccount, personId: vera, relationship: 'self' },
      { accountId: veraAccount, personId: vito, relationship: 'household' },
    ]);
    // Chunks of two rows: Nils (row 4) names the account the job created for Nina (row 3) in an earlier chunk.
    const file = [
      'First name,Last name,Date of birth,User key,Household,Membership type,Season',
      'Vera,Voss,1982-04-04,vera.voss,V,individual,Season 2026',
      'Nina,Neumann,1983-05-05,nina.neumann,N,individual,Season 2026',
      'Nils,Neumann,1984-06-06,,N,individual,Season 2026',
      'Kim,Kurz,1990-01-01,,V,individual,Season 2026',
    ].join('\n');
    jobId = (await uploadImport(f.deps, f.operator(), 'MEMBERSHIP', {}, csvUpload(file, 'members.csv'))).id;
  });

  it('refuses the rows naming it, as its own or a household’s user key: ACCOUNT_OF_ANOTHER_ORGANISATION', async () => {
    expect((await getImport(f.operator(), jobId)).state).toBe('COMPLETED');
    const { rows } = await importRows(f.deps, f.operator(), jobId, { after: 0, first: 10, failedOnly: false });
    const { name } = await f.knex('membership.organisations').where({ id: f.club.organisationId }).first('name');
    const refusal = {
      category: 'FAILED',
      description: `User key "vera.voss" belongs to an account that is not a user of ${name}; the member can join through the club's sign-in link`,
    };
    expect(rows.map((r) => [r.rowNo, r.outcome, r.failure])).toEqual([
      [2, 'FAILED', refusal],
      [3, 'CREATED', null],
      // The job's own account, made in an earlier chunk, is attached as any of the club's.
      [4, 'CREATED', null],
      [5, 'FAILED', refusal],
    ]);
    const nina = await f
      .knex('membership.accounts')
      .where({ registrationSystemId: f.club.tenantId, externalUserId: 'nina.neumann' })
      .first('id');
    expect(await f.knex('membership.linkedPersons').where({ accountId: nina.id }).count()).toEqual([{ count: '2' }]);
  });

  it('does not attach it: no OrgUser row in the club, no link, the account unchanged', async () => {
    expect(await f.knex('membership.orgUsers').where({ accountId: veraAccount }).select('organisationId')).toEqual([
      { organisationId: otherOrganisationId },
    ]);
    expect(await f.knex('membership.linkedPersons').where({ accountId: veraAccount }).orderBy('personId').select('personId')).toEqual([
      { personId: vera },
      { personId: vito },
    ]);
    expect(await f.knex('membership.accounts').where({ id: veraAccount }).first('personId', 'email')).toEqual({
      personId: vera,
      email: 'vera@example.org',
    });
  });

  it('leaves her household outside the club: its operators do not reach them', async () => {
    expect(await personIdsConnectedToOrganisations(f.knex, f.club.tenantId, [f.club.organisationId], [vera, vito])).toEqual([]);
  });
});

describe('a self-registered account (member sign-in: a user of every club of the tenant)', () => {
  // Sofia signed herself up and registered with the other club only (a member there). Her account's
  // blanket OrgUser rows let her register with any club; they make her no club's person.
  const SOFIA = { firstName: 'Sofia', lastName: 'Sand', dateOfBirth: '1979-09-09', email: 'sofia.sand@example.org' };
  let sofia: number;
  let sofiaAccount: number;

  const storedSofia = () =>
    f
      .knex('membership.persons')
      .where({ id: sofia })
      .first('firstName', 'lastName', 'email', f.knex.raw(`to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth"`));
  const clubUserSince = async (accountId: number) => {
    const row = await f.knex('membership.orgUsers').where({ accountId, organisationId: f.club.organisationId }).first('clubUserSince');
    return row ? row.clubUserSince : 'no row';
  };

  beforeAll(async () => {
    sofia = await f.person(SOFIA.firstName, SOFIA.lastName, SOFIA.dateOfBirth, otherOrganisationId);
    await f.knex('membership.persons').where({ id: sofia }).update({ email: SOFIA.email });
    sofiaAccount = await insertSelfRegisteredAccount(f.knex, {
      registrationSystemId: f.club.tenantId,
      userKey: 'sofia.sand',
      email: SOFIA.email,
    });
    await f.knex('membership.accounts').where({ id: sofiaAccount }).update({ personId: sofia });
    await f.knex('membership.linkedPersons').insert({ accountId: sofiaAccount, personId: sofia, relationship: 'self' });
  });

  it('is connected to the club she registered with only: the other club’s operators reach her, the club’s do not', async () => {
    expect(await personIdsConnectedToOrganisations(f.knex, f.club.tenantId, [f.club.organisationId], [sofia])).toEqual([]);
    expect(await personIdsConnectedToOrganisations(f.knex, f.club.tenantId, [otherOrganisationId], [sofia])).toEqual([sofia]);
  });

  it('may still register with the club: registration reads every OrgUser row', async () => {
    expect(await isOrganisationMember(f.knex, sofiaAccount, f.club.organisationId)).toBe(true);
  });

  it('an import of the club naming her exactly (updatePII) makes a new person with her as a candidate; her data untouched', async () => {
    const { id: eventId } = await f.event();
    const file = 'First name,Last name,Date of birth,Email\nSofia,Sand,1979-09-09,attacker@example.org\n';
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      { eventId: String(eventId), sourceSystemId: await selfSource(), trustPKs: 'true', updatePII: 'true' },
      csvUpload(file),
    );
    expect((await getImport(f.operator(), job.id)).state).toBe('COMPLETED');
    const [row] = (await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: false })).rows;
    expect(row).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    expect(row?.personId).not.toBe(sofia);
    expect(row?.mergeCandidates).toEqual([expect.objectContaining({ candidatePersonId: sofia })]);
    expect(await participantsOf(eventId)).not.toContain(sofia);
    expect(await storedSofia()).toEqual(SOFIA);
  });

  it('a membership import naming her account is refused (ACCOUNT_OF_ANOTHER_ORGANISATION); the blanket row stays one', async () => {
    const file = [
      'First name,Last name,Date of birth,User key,Membership type,Season',
      'Sofia,Sand,1979-09-09,sofia.sand,individual,Season 2026',
    ].join('\n');
    const job = await uploadImport(f.deps, f.operator(), 'MEMBERSHIP', {}, csvUpload(file, 'members.csv'));
    const [row] = (await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: false })).rows;
    expect(row).toMatchObject({ outcome: 'FAILED', failure: expect.objectContaining({ category: 'FAILED' }) });
    expect(row?.failure?.description).toContain('User key "sofia.sand" belongs to an account that is not a user of');
    expect(await clubUserSince(sofiaAccount)).toBeNull();
    expect(await personIdsConnectedToOrganisations(f.knex, f.club.tenantId, [f.club.organisationId], [sofia])).toEqual([]);
  });

  it('a membership import attaching a bare self-registered login makes its row the club’s; the undo makes it a blanket row again', async () => {
    const bare = await insertSelfRegisteredAccount(f.knex, {
      registrationSystemId: f.club.tenantId,
      userKey: 'anonymous:bare',
      email: null,
    });
    const file = [
      'First name,Last name,Date of birth,User key,Membership type,Season',
      'Bea,Bare,1995-05-05,anonymous:bare,individual,Season 2026',
    ].join('\n');
    const job = await uploadImport(f.deps, f.operator(), 'MEMBERSHIP', {}, csvUpload(file, 'members.csv'));
    const [row] = (await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: false })).rows;
    expect(row).toMatchObject({ outcome: 'CREATED', failure: null });
    expect(await clubUserSince(bare)).toBeInstanceOf(Date);
    // The other club's blanket row is not the club's to take.
    expect(
      await f.knex('membership.orgUsers').where({ accountId: bare, organisationId: otherOrganisationId }).first('clubUserSince'),
    ).toEqual({
      clubUserSince: null,
    });
    const undone = await undoImport(f.deps, f.operator(), job.id);
    expect(undone).toMatchObject({ state: 'UNDONE', undo: expect.objectContaining({ error: null, refused: 0 }) });
    expect(await clubUserSince(bare)).toBeNull();
  });
});
