import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { connectPersons, createEvent, seedClub, type Club } from '../../testing/fixtures';
import {
  applyParticipants,
  countExternalIds,
  createMergeCandidates,
  eventCategories,
  eventForOperator,
  eventsByIds,
  matchPersons,
  operatorOrganisationIds,
  personsByIds,
  resolveCategoryValues,
  setCustomFieldLabels,
  type ParticipantWrite,
  type PersonMatchInput,
  type PersonMatchScope,
} from '../../events';

/** `@ems/membership/events`, the port the imports subgraph writes events and participants through. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

afterAll(async () => {
  await db.drop();
});

/** Persons of the club's organisation (participants of an earlier event), or of `organisationId`, or of none (null). */
async function addPersons(
  club: Club,
  persons: Array<[string, string, string | null]>,
  organisationId: number | null = club.organisationId,
): Promise<number[]> {
  const rows = await knex('membership.persons')
    .insert(
      persons.map(([firstName, lastName, dateOfBirth]) => ({ registrationSystemId: club.tenantId, firstName, lastName, dateOfBirth })),
    )
    .returning('id');
  const ids = rows.map((r: { id: number }) => r.id);
  if (organisationId !== null) await connectPersons(knex, organisationId, ids);
  return ids;
}

/** An import of the club's organisation starting now. */
const scopeOf = (club: Club, extra: Partial<PersonMatchScope> = {}): PersonMatchScope => ({
  organisationIds: [club.organisationId],
  startedAt: new Date(),
  importJobId: null,
  ...extra,
});

let keys = 0;
function input(firstName: string, lastName: string, dateOfBirth: string | null, extra: Partial<PersonMatchInput> = {}): PersonMatchInput {
  keys += 1;
  return { key: keys, trustedPersonId: null, sourceSystemId: null, trustedExternalId: null, firstName, lastName, dateOfBirth, ...extra };
}

function write(extra: Partial<ParticipantWrite> & Pick<ParticipantWrite, 'personId'>): ParticipantWrite {
  keys += 1;
  return {
    key: keys,
    firstName: 'Rita',
    lastName: 'Runner',
    dateOfBirth: '1991-06-01',
    email: null,
    updatePII: false,
    sourceSystemId: null,
    externalId: null,
    bib: null,
    categoryId: null,
    custom: [null, null, null],
    ...extra,
  };
}

describe('operator scoping', () => {
  it('operatorOrganisationIds lists the organisations where the user key holds ROLE_ORG_ADMIN', async () => {
    const club = await seedClub(knex);
    expect(await operatorOrganisationIds(knex, club.tenantId, club.operator.userKey)).toEqual([club.organisationId]);
    expect(await operatorOrganisationIds(knex, club.tenantId, club.family.userKey)).toEqual([]);
    expect(await operatorOrganisationIds(knex, club.tenantId + 999, club.operator.userKey)).toEqual([]);
  });

  it("eventForOperator: the operator's event; another organisation's event and an unknown id are both null", async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId, { name: 'Spring 5K', customFieldLabels: ['Club', null, 'Shirt'] });
    const orgs = await operatorOrganisationIds(knex, club.tenantId, club.operator.userKey);
    expect(await eventForOperator(knex, event.id, orgs)).toEqual({
      id: event.id,
      organisationId: club.organisationId,
      registrationSystemId: club.tenantId,
      name: 'Spring 5K',
      startsOn: '2026-05-10',
      customFieldLabels: ['Club', null, 'Shirt'],
    });
    const other = await operatorOrganisationIds(knex, club.tenantId, club.otherOperator.userKey);
    expect(await eventForOperator(knex, event.id, other)).toBeNull();
    expect(await eventForOperator(knex, 987654, orgs)).toBeNull();
    expect(await eventForOperator(knex, event.id, [])).toBeNull();
    expect((await eventsByIds(knex, [event.id, 987654])).map((e) => e.id)).toEqual([event.id]);
  });
});

describe('categories and custom field labels', () => {
  it('resolveCategoryValues matches by code or name, trimmed and case-insensitive, once per distinct value', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId, {
      categories: [
        { code: 'M40', name: 'Men 40+' },
        { code: 'W', name: 'Women open' },
        { code: 'X', name: 'm40' },
      ],
    });
    const resolved = await resolveCategoryValues(knex, event.id, [' m40 ', 'women OPEN', 'm40 ', 'nope', '', ' m40 ']);
    expect(resolved).toEqual([
      { value: '', matches: [] },
      {
        value: ' m40 ',
        matches: [
          { id: event.categories.M40, code: 'M40', name: 'Men 40+' },
          { id: event.categories.X, code: 'X', name: 'm40' },
        ],
      },
      {
        value: 'm40 ',
        matches: [
          { id: event.categories.M40, code: 'M40', name: 'Men 40+' },
          { id: event.categories.X, code: 'X', name: 'm40' },
        ],
      },
      { value: 'nope', matches: [] },
      { value: 'women OPEN', matches: [{ id: event.categories.W, code: 'W', name: 'Women open' }] },
    ]);
    expect((await eventCategories(knex, event.id)).map((c) => c.code)).toEqual(['M40', 'W', 'X']);
  });

  it('setCustomFieldLabels stores the three labels', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    await setCustomFieldLabels(knex, event.id, ['Club', 'T-shirt', null]);
    expect((await eventsByIds(knex, [event.id]))[0]?.customFieldLabels).toEqual(['Club', 'T-shirt', null]);
  });
});

describe('matchPersons (F4)', () => {
  it('TRUSTED_KEY by person id of this registration system, or by (source system, external id)', async () => {
    const club = await seedClub(knex);
    const other = await seedClub(knex);
    const [ada] = await addPersons(club, [['Ada', 'Lovelace', '1815-12-10']]);
    const [foreign] = await addPersons(other, [['Ada', 'Lovelace', '1815-12-10']]);
    await knex('membership.personExternalIds').insert({
      registrationSystemId: club.tenantId,
      sourceSystemId: 7,
      externalId: 'A-1',
      personId: ada,
    });
    const rows = [
      input('Someone', 'Else', null, { trustedPersonId: ada! }),
      input('Someone', 'Else', null, { sourceSystemId: 7, trustedExternalId: 'A-1' }),
      // A person of another registration system is unknown here, and the row goes on to name matching.
      input('Ada', 'Lovelace', '1815-12-10', { trustedPersonId: foreign! }),
      input('Nobody', 'Known', null, { sourceSystemId: 7, trustedExternalId: 'A-2' }),
    ];
    const [byId, byExternal, foreignId, unknown] = await matchPersons(knex, club.tenantId, scopeOf(club), rows);
    expect(byId).toEqual({ key: rows[0]!.key, personId: ada, kind: 'TRUSTED_KEY', score: null, candidates: [], trustedKeyUnknown: false });
    expect(byExternal).toMatchObject({ personId: ada, kind: 'TRUSTED_KEY', trustedKeyUnknown: false });
    expect(foreignId).toMatchObject({ personId: ada, kind: 'EXACT', trustedKeyUnknown: true });
    expect(unknown).toMatchObject({ personId: null, kind: 'NONE', trustedKeyUnknown: true });
  });

  it('EXACT on normalised names (case, spaces, diacritics, hyphens) and date of birth', async () => {
    const club = await seedClub(knex);
    const [anna] = await addPersons(club, [['Anna-Léna', 'Müller', '1990-03-04']]);
    const [match, otherDay] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      input('  ANNA lena ', 'muller', '1990-03-04'),
      input('Anna-Lena', 'Müller', '1990-03-05'),
    ]);
    expect(match).toMatchObject({ personId: anna, kind: 'EXACT', score: 1, candidates: [], trustedKeyUnknown: false });
    expect(otherDay).toMatchObject({ personId: null, kind: 'NONE' });
  });

  it('ambiguity: several exact matches give the lowest id, the others as candidates', async () => {
    const club = await seedClub(knex);
    const [first, second, third] = await addPersons(club, [
      ['Jan', 'Smit', '1980-01-01'],
      ['Jan', 'Smit', '1980-01-01'],
      ['Jan', 'Smit', '1980-01-01'],
    ]);
    const [match] = await matchPersons(knex, club.tenantId, scopeOf(club), [input('Jan', 'Smit', '1980-01-01')]);
    expect(match).toMatchObject({
      personId: first,
      kind: 'EXACT',
      candidates: [
        { personId: second, score: 1 },
        { personId: third, score: 1 },
      ],
    });
  });

  it('without a date of birth: EXACT only when exactly one person has the name and no date of birth', async () => {
    const club = await seedClub(knex);
    const [single] = await addPersons(club, [
      ['Una', 'Only', null],
      ['Una', 'Only', '1970-01-01'],
    ]);
    const [twin1, twin2] = await addPersons(club, [
      ['Tom', 'Twice', null],
      ['Tom', 'Twice', null],
    ]);
    await addPersons(club, [['Bo', 'Born', '1999-09-09']]);
    const [one, two, bornOnly] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      input('Una', 'Only', null),
      input('Tom', 'Twice', null),
      input('Bo', 'Born', null),
    ]);
    expect(one).toMatchObject({ personId: single, kind: 'EXACT', candidates: [] });
    expect(two).toMatchObject({
      personId: null,
      kind: 'NONE',
      candidates: [
        { personId: twin1, score: 1 },
        { personId: twin2, score: 1 },
      ],
    });
    // A name alone never matches a person who has a date of birth.
    expect(bornOnly).toMatchObject({ personId: null, kind: 'NONE', candidates: [] });
  });

  it('fuzzy thresholds: >= SURE (0.9) is FUZZY, LIKELY (0.55) to SURE lists candidates, below is NONE', async () => {
    const club = await seedClub(knex);
    const [katharina, jonathan, alexander, smith] = await addPersons(club, [
      ['Katharina', 'Meyer', '1985-05-05'],
      ['Jonathan', 'Smith', '1986-06-06'],
      ['Alexander', 'Johansson', '1987-07-07'],
      ['John', 'Smith', '1988-08-08'],
    ]);
    const [typo, swapped, sibling, unrelated, otherDay] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      // One letter missing in 15: Levenshtein ratio 0.93.
      input('Katarina', 'Meyer', '1985-05-05'),
      // First and last name swapped: the trigram similarity is 1.
      input('Smith', 'Jonathan', '1986-06-06'),
      // A different person born the same day (0.89): a candidate, not a match.
      input('Alexandra', 'Johansson', '1987-07-07'),
      input('Zoe', 'Quist', '1988-08-08'),
      input('Jon', 'Smith', '1988-08-09'),
    ]);
    expect(typo).toMatchObject({ personId: katharina, kind: 'FUZZY', candidates: [] });
    expect(typo!.score).toBeCloseTo(0.9333, 3);
    expect(swapped).toMatchObject({ personId: jonathan, kind: 'FUZZY', score: 1 });
    expect(sibling).toMatchObject({ personId: null, kind: 'NONE', candidates: [{ personId: alexander }] });
    expect(sibling!.score).toBeGreaterThanOrEqual(0.55);
    expect(sibling!.score).toBeLessThan(0.9);
    expect(sibling!.candidates[0]!.score).toBe(sibling!.score);
    expect(unrelated).toMatchObject({ personId: null, kind: 'NONE', score: null, candidates: [] });
    // Fuzzy matching blocks on the date of birth: another day is never compared.
    expect(otherDay).toMatchObject({ personId: null, kind: 'NONE', candidates: [] });
    expect(smith).toBeDefined();
  });

  it('fuzzy blocking: date of birth and the phonetic key of either name; no shared key, no comparison', async () => {
    const club = await seedClub(knex);
    const [meyer, fischer, berg, lang] = await addPersons(club, [
      ['Katharina', 'Meyer', '1990-01-01'],
      ['Katharina', 'Fischer', '1990-02-02'],
      ['Anna', 'Berg', '1990-03-03'],
      ['Mia', 'Lang', '1990-04-04'],
    ]);
    const [lastTypo, firstTypo, phonetic, unrelated] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      // Last name's key changes (MR -> MRT): found through the first name's block.
      input('Katharina', 'Meyert', '1990-01-01'),
      // First name's key changes (ANN... -> ANT): found through the last name's block.
      input('Antna', 'Berg', '1990-03-03'),
      // Both keys coincide under dmetaphone (K0RN, FXR).
      input('Catharina', 'Vischer', '1990-02-02'),
      // Same birthday and 0.75 by Levenshtein (a candidate when blocking was on the day alone), but
      // neither key is shared (M/P, LNK/KNK).
      input('Pia', 'Kang', '1990-04-04'),
    ]);
    expect(lastTypo).toMatchObject({ personId: meyer, kind: 'FUZZY' });
    expect(firstTypo).toMatchObject({ personId: berg, kind: 'FUZZY' });
    expect(phonetic).toMatchObject({ candidates: [{ personId: fischer }] });
    expect(unrelated).toMatchObject({ personId: null, kind: 'NONE', score: null, candidates: [] });
    expect(lang).toBeDefined();
  });

  it('answers every row in input order, and nothing for no rows', async () => {
    const club = await seedClub(knex);
    const rows = [input('A', 'B', null), input('C', 'D', '2000-01-01'), input('E', 'F', null)];
    expect((await matchPersons(knex, club.tenantId, scopeOf(club), rows)).map((m) => m.key)).toEqual(rows.map((r) => r.key));
    expect(await matchPersons(knex, club.tenantId, scopeOf(club), [])).toEqual([]);
  });
});

/**
 * Organisation boundary in imports (docs/decisions.md): an import finds only persons connected to
 * its organisation before it started, or created by itself; anyone else of the registration
 * system is at most a merge candidate, and their stored data is never read for it.
 */
describe('matchPersons and personsByIds across the organisation boundary', () => {
  const otherOrganisation = async (club: Club) =>
    (
      (await knex('membership.orgUsers').where({ accountId: club.otherOperator.accountId }).first('organisationId')) as {
        organisationId: number;
      }
    ).organisationId;

  it("another organisation's person is not found by a trusted Person ID or External ID, only named as a candidate", async () => {
    const club = await seedClub(knex);
    const [lars] = await addPersons(club, [['Lars', 'Lind', '1991-03-03']], await otherOrganisation(club));
    await knex('membership.personExternalIds').insert({
      registrationSystemId: club.tenantId,
      sourceSystemId: 8,
      externalId: 'L-1',
      personId: lars,
    });
    const [byId, byExternal] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      input('Lars', 'Changed', '1991-03-03', { trustedPersonId: lars! }),
      input('Lars', 'Lind', '1991-03-03', { sourceSystemId: 8, trustedExternalId: 'L-1' }),
    ]);
    // The changed last name still looks like Lars: a likely candidate, never the row's person.
    expect(byId).toMatchObject({ personId: null, kind: 'NONE', trustedKeyUnknown: true, candidates: [{ personId: lars }] });
    expect(byExternal).toMatchObject({ personId: null, kind: 'NONE', trustedKeyUnknown: true, candidates: [{ personId: lars, score: 1 }] });
    expect(await personsByIds(knex, club.tenantId, scopeOf(club), [lars!, club.stranger.self])).toEqual([
      expect.objectContaining({ id: club.stranger.self }),
    ]);
  });

  it("exact and fuzzy matches with another organisation's or nobody's person: a new person, with them as candidates", async () => {
    const club = await seedClub(knex);
    const [exact, fuzzy] = await addPersons(
      club,
      [
        ['Nora', 'Quist', '1992-02-02'],
        ['Katharina', 'Meyer', '1985-05-05'],
      ],
      await otherOrganisation(club),
    );
    const [orphan] = await addPersons(club, [['Ulla', 'Alone', '1960-06-06']], null);
    const [a, b, c] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      input('Nora', 'Quist', '1992-02-02'),
      input('Katarina', 'Meyer', '1985-05-05'),
      input('Ulla', 'Alone', '1960-06-06'),
    ]);
    expect(a).toMatchObject({ personId: null, kind: 'NONE', score: 1, candidates: [{ personId: exact, score: 1 }] });
    expect(b).toMatchObject({ personId: null, kind: 'NONE', candidates: [{ personId: fuzzy }] });
    expect(b!.score).toBeGreaterThanOrEqual(0.9);
    expect(c).toMatchObject({ personId: null, kind: 'NONE', candidates: [{ personId: orphan, score: 1 }] });
    // The other organisation's own import finds them.
    const theirs = scopeOf(club, { organisationIds: [await otherOrganisation(club)] });
    expect((await matchPersons(knex, club.tenantId, theirs, [input('Nora', 'Quist', '1992-02-02')]))[0]).toMatchObject({
      personId: exact,
      kind: 'EXACT',
    });
  });

  it('a connection made after the job started does not count (an account of another club made a user here by the job)', async () => {
    const club = await seedClub(knex);
    // Well before the insert below: the job's time is compared to the millisecond.
    const startedAt = new Date(Date.now() - 10);
    await knex('membership.orgUsers').insert({ accountId: club.otherOperator.accountId, organisationId: club.organisationId });
    const row = () => input('Otto', 'Test', '1970-01-01', { trustedPersonId: club.otherOperator.self });
    expect((await matchPersons(knex, club.tenantId, scopeOf(club, { startedAt }), [row()]))[0]).toMatchObject({
      personId: null,
      trustedKeyUnknown: true,
    });
    expect(await personsByIds(knex, club.tenantId, scopeOf(club, { startedAt }), [club.otherOperator.self])).toEqual([]);
    // A later job, started after the connection, finds them.
    expect((await matchPersons(knex, club.tenantId, scopeOf(club), [row()]))[0]).toMatchObject({
      personId: club.otherOperator.self,
      kind: 'TRUSTED_KEY',
    });
  });

  it("the job's own new persons are found by its later rows (chunks), not by another job's", async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const startedAt = new Date(Date.now() - 1000);
    const job = '00000000-0000-4000-8000-000000000001';
    const [created] = await applyParticipants(
      knex,
      club.tenantId,
      event.id,
      [write({ personId: null, firstName: 'Chunk', lastName: 'One', dateOfBirth: '1999-09-09' })],
      job,
    );
    const row = () => input('Chunk', 'One', '1999-09-09');
    expect((await matchPersons(knex, club.tenantId, scopeOf(club, { startedAt, importJobId: job }), [row()]))[0]).toMatchObject({
      personId: created!.personId,
      kind: 'EXACT',
    });
    const another = scopeOf(club, { startedAt, importJobId: '00000000-0000-4000-8000-000000000002' });
    expect((await matchPersons(knex, club.tenantId, another, [row()]))[0]).toMatchObject({ personId: null, kind: 'NONE' });
  });
});

describe('applyParticipants', () => {
  it('creates persons and participants, records external ids, and reports CREATED', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const rows = [
      write({
        personId: null,
        firstName: 'Nina',
        lastName: 'New',
        email: 'nina@example.org',
        sourceSystemId: 3,
        externalId: 'N1',
        bib: '101',
        categoryId: event.categories.W!,
      }),
      write({ personId: club.stranger.self, bib: ' 102 ', custom: ['Riverside', null, 'M'] }),
    ];
    const [nina, sam] = await applyParticipants(knex, club.tenantId, event.id, rows);
    expect(nina).toMatchObject({ key: rows[0]!.key, action: 'CREATED', personCreated: true, personUpdated: false, reason: null });
    expect(sam).toMatchObject({ action: 'CREATED', personId: club.stranger.self, personCreated: false });
    expect(await personsByIds(knex, club.tenantId, scopeOf(club), [nina!.personId!])).toEqual([
      { id: nina!.personId, firstName: 'Nina', lastName: 'New', dateOfBirth: '1991-06-01', email: 'nina@example.org' },
    ]);
    const stored = await knex('membership.participants').where({ eventId: event.id }).orderBy('id');
    expect(stored.map((p) => [p.id, p.personId, p.bib, p.categoryId, p.externalId, p.custom1])).toEqual([
      [nina!.participantId, nina!.personId, '101', event.categories.W, 'N1', null],
      [sam!.participantId, club.stranger.self, '102', null, null, 'Riverside'],
    ]);
    expect(await countExternalIds(knex, club.tenantId, 3)).toBe(1);
    // The recorded external id is now a trusted key.
    const [again] = await matchPersons(knex, club.tenantId, scopeOf(club), [
      input('x', 'y', null, { sourceSystemId: 3, trustedExternalId: 'N1' }),
    ]);
    expect(again).toMatchObject({ kind: 'TRUSTED_KEY', personId: nina!.personId });
  });

  it('idempotence: the same rows twice report UNCHANGED and change nothing', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const rows = [
      write({
        personId: club.family.self,
        bib: '7',
        categoryId: event.categories.W40!,
        updatePII: true,
        firstName: 'Fiona',
        lastName: club.family.userKey.split('.')[1]!,
        dateOfBirth: '1984-03-12',
      }),
      write({ personId: club.family.partner, custom: ['a', 'b', 'c'] }),
    ];
    const first = await applyParticipants(knex, club.tenantId, event.id, rows);
    expect(first.map((r) => r.action)).toEqual(['CREATED', 'CREATED']);
    const before = await knex('membership.participants').where({ eventId: event.id }).orderBy('id');
    const second = await applyParticipants(knex, club.tenantId, event.id, rows);
    expect(second.map((r) => [r.action, r.personUpdated, r.participantId])).toEqual([
      ['UNCHANGED', false, first[0]!.participantId],
      ['UNCHANGED', false, first[1]!.participantId],
    ]);
    expect(await knex('membership.participants').where({ eventId: event.id }).orderBy('id')).toEqual(before);
  });

  it('UPDATED when a participant value changes; a null value keeps the stored one', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    await applyParticipants(knex, club.tenantId, event.id, [
      write({ personId: club.family.child, bib: '1', categoryId: event.categories.U18!, custom: ['x', null, null] }),
    ]);
    const [changed] = await applyParticipants(knex, club.tenantId, event.id, [write({ personId: club.family.child, bib: '2' })]);
    expect(changed).toMatchObject({ action: 'UPDATED', personUpdated: false });
    const stored = await knex('membership.participants').where({ eventId: event.id }).first();
    expect([stored.bib, stored.categoryId, stored.custom1]).toEqual(['2', event.categories.U18, 'x']);
  });

  it('updatePII false never changes a person; updatePII true updates name, date of birth and e-mail', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const [before] = await personsByIds(knex, club.tenantId, scopeOf(club), [club.stranger.self]);
    const [untouched] = await applyParticipants(knex, club.tenantId, event.id, [
      write({
        personId: club.stranger.self,
        firstName: 'Changed',
        lastName: 'Name',
        dateOfBirth: '2001-01-01',
        email: 'new@example.org',
        updatePII: false,
      }),
    ]);
    expect(untouched).toMatchObject({ action: 'CREATED', personUpdated: false });
    expect(await personsByIds(knex, club.tenantId, scopeOf(club), [club.stranger.self])).toEqual([before]);

    const [updated] = await applyParticipants(knex, club.tenantId, event.id, [
      write({
        personId: club.stranger.self,
        firstName: 'Samuel',
        lastName: 'Stranger',
        dateOfBirth: '1990-01-02',
        email: null,
        updatePII: true,
      }),
    ]);
    expect(updated).toMatchObject({ action: 'UPDATED', personUpdated: true });
    // A null e-mail keeps the stored one.
    expect(await personsByIds(knex, club.tenantId, scopeOf(club), [club.stranger.self])).toEqual([
      { ...before, firstName: 'Samuel', lastName: 'Stranger', dateOfBirth: '1990-01-02' },
    ]);
  });

  it('REJECTED: bib taken by another participant, bib twice in the batch, person twice, unknown person or category', async () => {
    const club = await seedClub(knex);
    const other = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const otherEvent = await createEvent(knex, club.organisationId);
    await applyParticipants(knex, club.tenantId, event.id, [write({ personId: club.family.self, bib: '10' })]);
    const rows = [
      write({ personId: club.family.partner, bib: '10' }),
      write({ personId: null, bib: '11' }),
      write({ personId: club.family.child, bib: '11' }),
      write({ personId: club.family.grandparent, bib: '12' }),
      write({ personId: club.family.grandparent, bib: '13' }),
      write({ personId: other.stranger.self }),
      write({ personId: club.stranger.self, categoryId: otherEvent.categories.M! }),
    ];
    const results = await applyParticipants(knex, club.tenantId, event.id, rows);
    expect(results.map((r) => [r.action, r.reason])).toEqual([
      ['REJECTED', 'BIB_TAKEN'],
      ['REJECTED', 'BIB_TWICE_IN_BATCH'],
      ['REJECTED', 'BIB_TWICE_IN_BATCH'],
      ['CREATED', null],
      ['REJECTED', 'PERSON_TWICE_IN_BATCH'],
      ['REJECTED', 'PERSON_NOT_FOUND'],
      ['REJECTED', 'CATEGORY_NOT_FOUND'],
    ]);
    // The holder of a bib keeps it.
    const [holder] = await applyParticipants(knex, club.tenantId, event.id, [write({ personId: club.family.self, bib: '10' })]);
    expect(holder).toMatchObject({ action: 'UNCHANGED', reason: null });
    expect(results[1]).toMatchObject({ personId: null, participantId: null, personCreated: false });
    const stored = await knex('membership.participants').where({ eventId: event.id }).orderBy('id');
    expect(stored.map((p) => [p.personId, p.bib])).toEqual([
      [club.family.self, '10'],
      [club.family.grandparent, '12'],
    ]);
  });

  it('refuses an event of another registration system (a bug of the caller)', async () => {
    const club = await seedClub(knex);
    const other = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    await expect(applyParticipants(knex, other.tenantId, event.id, [write({ personId: null })])).rejects.toThrow(/not an event/);
  });
});

describe('createMergeCandidates (F8)', () => {
  it('records pairs once, answers existing pairs too, and leaves out foreign persons and self-pairs', async () => {
    const club = await seedClub(knex);
    const other = await seedClub(knex);
    const job = '2b0c3c1e-4d6e-4f1a-9d7b-0a1b2c3d4e5f';
    const pair = { personId: club.family.self, candidatePersonId: club.stranger.self, score: 0.7, reason: 'FUZZY_NAME', importJobId: job };
    const [created] = await createMergeCandidates(knex, club.tenantId, [pair]);
    expect(created).toMatchObject({ personId: club.family.self, candidatePersonId: club.stranger.self });
    const again = await createMergeCandidates(knex, club.tenantId, [
      pair,
      { ...pair, candidatePersonId: club.family.partner, importJobId: null },
      { ...pair, candidatePersonId: other.stranger.self },
      { ...pair, candidatePersonId: club.family.self },
    ]);
    expect(again.map((c) => [c.personId, c.candidatePersonId])).toEqual([
      [club.family.self, club.stranger.self],
      [club.family.self, club.family.partner],
    ]);
    expect(again[0]!.id).toBe(created!.id);
    const stored = await knex('membership.mergeCandidates').where({ personId: club.family.self }).orderBy('id');
    expect(stored.map((s) => [s.status, s.reason, s.importJobId])).toEqual([
      ['OPEN', 'FUZZY_NAME', job],
      ['OPEN', 'FUZZY_NAME', null],
    ]);
  });
});
