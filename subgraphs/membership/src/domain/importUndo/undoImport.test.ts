import { randomUUID } from 'node:crypto';
import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createEvent, seedClub, type Club, type TestEvent } from '../../testing/fixtures';
import { applyParticipants, createMergeCandidates, setCustomFieldLabels, undoImportChanges, type ParticipantWrite } from '../../events';

/**
 * Undo of an import's writes (`undoImportChanges`, docs/imports.md "Undo") on a real PostgreSQL:
 * the writes of `@ems/membership/events` with an import job id, then the undo.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});
afterAll(() => db.drop());

/**
 * Every row of every membership table, as sorted JSON, without the two columns that record when
 * a row last changed (`updated_at`, and the partner API's `sync_xid`): an undo is a change, and a
 * partner syncing by position must see it. Sequences are not tables. The partners' removals are
 * left out: an undo adds what it deleted to them (docs/partner-api.md, "Removals").
 */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = (
    await knex.raw<{ rows: Array<{ table_name: string }> }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'membership' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).rows
    .map((r) => r.table_name)
    .filter((t) => t !== 'partner_removals');
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await knex.raw<{ rows: Array<{ row: string }> }>(
      `SELECT (to_jsonb(t) - 'updated_at' - 'sync_xid')::text AS row FROM membership.${table} t ORDER BY 1`,
    );
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

let keys = 0;
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

async function person(club: Club, firstName: string, lastName: string, email: string | null = null): Promise<number> {
  const [row] = await knex('membership.persons')
    .insert({ registrationSystemId: club.tenantId, firstName, lastName, dateOfBirth: '1980-01-01', email })
    .returning('id');
  return (row as { id: number }).id;
}

async function participant(event: TestEvent, personId: number, bib: string | null, custom1: string | null = null): Promise<number> {
  const [row] = await knex('membership.participants').insert({ eventId: event.id, personId, bib, custom1 }).returning('id');
  return (row as { id: number }).id;
}

// The participant import's undo: no households, so `since` decides nothing here.
const undo = (club: Club, event: TestEvent, jobId: string) =>
  knex.transaction((trx) =>
    undoImportChanges(trx, { importJobId: jobId, registrationSystemId: club.tenantId, eventId: event.id, since: new Date(0) }),
  );

describe('undoImportChanges', () => {
  it('restores the exact earlier state: every row of every membership table, after an import in two chunks', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const other = await createEvent(knex, club.organisationId);
    const berg = await person(club, 'Anna', 'Berg', 'anna@example.org');
    const moser = await person(club, 'Max', 'Moser');
    const lind = await person(club, 'Lea', 'Lind');
    const bergIn = await participant(event, berg, '5', 'Club A');
    await participant(event, moser, '7');
    await participant(other, lind, '5');
    const before = await snapshot();

    const job = randomUUID();
    const created = write({
      personId: null,
      firstName: 'Nina',
      lastName: 'Neu',
      email: 'nina@example.org',
      bib: '20',
      sourceSystemId: 4,
      externalId: 'X-1',
    });
    await knex.transaction(async (trx) => {
      await setCustomFieldLabels(trx, event.id, ['Club', null, null], job);
      const written = await applyParticipants(
        trx,
        club.tenantId,
        event.id,
        [
          created,
          // Anna's bib moves away from 5 and her personal data changes (a trusted key with updatePII).
          write({
            personId: berg,
            firstName: 'Anna',
            lastName: 'Berg-Lund',
            email: 'anna@new.example.org',
            updatePII: true,
            bib: '9',
            custom: ['Club B', null, null],
          }),
          // An external id for a person who existed: recorded by the job, removed by its undo.
          write({ personId: lind, sourceSystemId: 4, externalId: 'X-2', bib: '30' }),
        ],
        job,
      );
      const nina = written[0]!.personId!;
      await createMergeCandidates(trx, club.tenantId, [
        { personId: nina, candidatePersonId: lind, score: 0.7, reason: 'test', importJobId: job, key: created.key },
      ]);
    });
    await knex.transaction(async (trx) => {
      const [nina] = await knex('membership.persons').transacting(trx).where({ firstName: 'Nina', registrationSystemId: club.tenantId });
      await applyParticipants(
        trx,
        club.tenantId,
        event.id,
        [
          // The person the first chunk created, changed again by the second: still "created".
          write({ personId: (nina as { id: number }).id, firstName: 'Nina', lastName: 'Neumann', updatePII: true, bib: '21' }),
          // Max takes bib 5, which Anna gave up in the first chunk: the undo must swap them back.
          write({ personId: moser, bib: '5' }),
        ],
        job,
      );
    });
    expect(await snapshot()).not.toEqual(before);

    const result = await undo(club, event, job);
    expect(result.refused).toEqual([]);
    expect(new Set(result.counts.map((c) => `${c.record} ${c.outcome} ${c.count}`))).toEqual(
      new Set([
        'MERGE_CANDIDATE DELETED 1',
        'PARTICIPANT DELETED 2',
        'PARTICIPANT RESTORED 2',
        'EXTERNAL_ID DELETED 2',
        'PERSON RESTORED 1',
        'PERSON DELETED 1',
        'EVENT RESTORED 1',
      ]),
    );
    expect(await snapshot()).toEqual(before);
    expect(await knex('membership.participants').where({ id: bergIn }).first()).toMatchObject({ bib: '5', custom1: 'Club A' });
  });

  it('refuses, row by row, what was changed since or is now in use, and keeps its current value', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const other = await createEvent(knex, club.organisationId);
    const xavier = await person(club, 'Xaver', 'Alt', 'x@example.org');
    const yara = await person(club, 'Yara', 'Alt');
    const zoe = await person(club, 'Zoe', 'Alt');
    const willi = await person(club, 'Willi', 'Alt', 'w@example.org');
    const xIn = await participant(event, xavier, '1');
    const yIn = await participant(event, yara, '11');
    const zIn = await participant(event, zoe, null);

    const job = randomUUID();
    const rows = {
      bibEdited: write({ personId: null, firstName: 'Bea', lastName: 'Neu', bib: '40' }),
      emailEdited: write({ personId: null, firstName: 'Emil', lastName: 'Neu', email: 'emil@example.org' }),
      member: write({ personId: null, firstName: 'Mia', lastName: 'Neu' }),
      elsewhere: write({ personId: null, firstName: 'Ole', lastName: 'Neu' }),
      candidate: write({ personId: null, firstName: 'Cora', lastName: 'Neu' }),
      finisher: write({ personId: null, firstName: 'Finn', lastName: 'Neu', bib: '50' }),
      untouched: write({ personId: null, firstName: 'Udo', lastName: 'Neu' }),
      xChanged: write({ personId: xavier, bib: '2' }),
      yBibTaken: write({ personId: yara, bib: '12' }),
      wEmail: write({ personId: willi, firstName: 'Willi', lastName: 'Alt', email: 'w@new.example.org', updatePII: true }),
    };
    const written = new Map(
      (await knex.transaction((trx) => applyParticipants(trx, club.tenantId, event.id, Object.values(rows), job))).map((w) => [w.key, w]),
    );
    const personOf = (row: ParticipantWrite) => written.get(row.key)!.personId!;
    const participantOf = (row: ParticipantWrite) => written.get(row.key)!.participantId!;
    const [mc] = await createMergeCandidates(knex, club.tenantId, [
      { personId: personOf(rows.candidate), candidatePersonId: zoe, score: 0.7, reason: 'test', importJobId: job, key: rows.candidate.key },
    ]);

    // What others did after the import.
    await knex('membership.participants')
      .where({ id: participantOf(rows.bibEdited) })
      .update({ bib: '41' });
    await knex('membership.persons')
      .where({ id: personOf(rows.emailEdited) })
      .update({ email: 'emil@corrected.example.org' });
    await knex('membership.memberships').insert({
      personId: personOf(rows.member),
      periodId: club.periodId,
      membershipTypeId: club.types.individual,
      memberType: 'new',
    });
    await participant(other, personOf(rows.elsewhere), null);
    await knex('membership.mergeCandidates').where({ id: mc!.id }).update({ status: 'DISMISSED' });
    const [set] = await knex('membership.resultSets').insert({ eventId: event.id, name: 'Final' }).returning('id');
    await knex('membership.results').insert({
      resultSetId: (set as { id: number }).id,
      participantId: participantOf(rows.finisher),
      status: 'FINISHED',
    });
    await knex('membership.participants').where({ id: xIn }).update({ custom1: 'edited' });
    await knex('membership.participants').where({ id: zIn }).update({ bib: '11' });
    await knex('membership.persons').where({ id: willi }).update({ email: 'w@third.example.org' });

    const result = await undo(club, event, job);
    const refused = result.refused.map((r) => [r.rowKey, r.record, r.reason, r.referencedBy]);
    expect(refused).toEqual(
      expect.arrayContaining([
        [rows.bibEdited.key, 'PARTICIPANT', 'CHANGED_SINCE', []],
        [rows.bibEdited.key, 'PERSON', 'REFERENCED', ['participants']],
        [rows.emailEdited.key, 'PERSON', 'CHANGED_SINCE', []],
        [rows.member.key, 'PERSON', 'REFERENCED', ['memberships']],
        [rows.elsewhere.key, 'PERSON', 'REFERENCED', ['participants']],
        [rows.candidate.key, 'MERGE_CANDIDATE', 'CHANGED_SINCE', []],
        [rows.candidate.key, 'PERSON', 'REFERENCED', ['merge_candidates']],
        [rows.finisher.key, 'PARTICIPANT', 'REFERENCED', ['results']],
        [rows.finisher.key, 'PERSON', 'REFERENCED', ['participants']],
        [rows.xChanged.key, 'PARTICIPANT', 'CHANGED_SINCE', []],
        [rows.yBibTaken.key, 'PARTICIPANT', 'BIB_TAKEN', []],
        [rows.wEmail.key, 'PERSON', 'CHANGED_SINCE', []],
      ]),
    );
    expect(refused).toHaveLength(12);
    expect(result.refused.map((r) => r.rowKey)).toEqual([...result.refused.map((r) => r.rowKey)].sort((a, b) => a! - b!));

    // Refused records keep what they hold now; the rest of the job is undone.
    expect(
      await knex('membership.participants')
        .where({ id: participantOf(rows.bibEdited) })
        .first(),
    ).toMatchObject({ bib: '41' });
    expect(
      await knex('membership.persons')
        .where({ id: personOf(rows.emailEdited) })
        .first(),
    ).toMatchObject({ email: 'emil@corrected.example.org' });
    expect(await knex('membership.participants').where({ id: xIn }).first()).toMatchObject({ bib: '2', custom1: 'edited' });
    expect(await knex('membership.participants').where({ id: yIn }).first()).toMatchObject({ bib: '12' });
    expect(await knex('membership.persons').where({ id: willi }).first()).toMatchObject({ email: 'w@third.example.org' });
    expect(
      await knex('membership.persons')
        .where({ id: personOf(rows.untouched) })
        .first(),
    ).toBeUndefined();
    expect(
      await knex('membership.participants')
        .where({ id: participantOf(rows.member) })
        .first(),
    ).toBeUndefined();
    expect(await knex('membership.importChanges').where({ importJobId: job })).toEqual([]);
  });

  it('finds nothing to do for a job it has undone before', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const job = randomUUID();
    await applyParticipants(knex, club.tenantId, event.id, [write({ personId: null, firstName: 'Once', lastName: 'Only' })], job);
    const first = await undo(club, event, job);
    expect(first.counts).toEqual(expect.arrayContaining([{ record: 'PERSON', outcome: 'DELETED', count: 1 }]));
    expect(await undo(club, event, job)).toEqual({ counts: [], refused: [] });
  });

  it('records nothing for writes without an import job', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const before = await knex('membership.importChanges').count({ n: '*' });
    await applyParticipants(knex, club.tenantId, event.id, [write({ personId: null, firstName: 'No', lastName: 'Job', bib: '1' })]);
    expect(await knex('membership.importChanges').count({ n: '*' })).toEqual(before);
  });

  it('keeps a created person that a table added later refers to: what refers to persons is read from the catalog', async () => {
    const club = await seedClub(knex);
    const event = await createEvent(knex, club.organisationId);
    const job = randomUUID();
    const [kept, gone] = await applyParticipants(
      knex,
      club.tenantId,
      event.id,
      [write({ personId: null, firstName: 'Kept', lastName: 'Later' }), write({ personId: null, firstName: 'Gone', lastName: 'Later' })],
      job,
    );
    await knex.raw(
      'CREATE TABLE membership.undo_test_badges (id serial PRIMARY KEY, holder int NOT NULL REFERENCES membership.persons (id))',
    );
    try {
      await knex('membership.undoTestBadges').insert({ holder: kept!.personId });
      const result = await undo(club, event, job);
      expect(result.refused.map((r) => [r.rowKey, r.record, r.reason, r.referencedBy])).toEqual([
        [kept!.key, 'PERSON', 'REFERENCED', ['undo_test_badges']],
      ]);
      expect(await knex('membership.persons').whereIn('id', [kept!.personId!, gone!.personId!]).pluck('id')).toEqual([kept!.personId]);
    } finally {
      await knex.raw('DROP TABLE membership.undo_test_badges');
    }
  });
});
