import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createEvent, seedClub, type Club } from '../../testing/fixtures';
import { applyNumberChanges, lockEvent, replaceResultSet, resolveParticipants } from '../../events';

/** The result-set functions of `@ems/membership/events` on a real PostgreSQL. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let club: Club;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  club = await seedClub(knex);
});
afterAll(() => db.drop());

/** An event with participants bib "1".."n", external ids "X1".."Xn". */
async function eventWith(n: number): Promise<{ eventId: number; participants: number[] }> {
  const { id: eventId } = await createEvent(knex, club.organisationId);
  if (n === 0) return { eventId, participants: [] };
  const persons = (await knex('membership.persons')
    .insert(Array.from({ length: n }, (_, i) => ({ registrationSystemId: club.tenantId, firstName: `Runner${i + 1}`, lastName: 'Test' })))
    .returning('id')) as Array<{ id: number }>;
  const rows = (await knex('membership.participants')
    .insert(persons.map((p, i) => ({ eventId, personId: p.id, bib: String(i + 1), externalId: `X${i + 1}` })))
    .returning('id')) as Array<{ id: number }>;
  return { eventId, participants: rows.map((r) => r.id) };
}

const results = (resultSetId: number) =>
  knex('membership.results').where({ resultSetId }).orderBy('id').select('participantId', 'rank', 'status', 'timeMs', 'points');

describe('resolveParticipants', () => {
  it('finds participants by bib, by participant id and by external id, each in one statement; unknown keys are absent', async () => {
    const { eventId, participants } = await eventWith(3);
    const other = await eventWith(1);
    const byBib = await resolveParticipants(knex, eventId, 'BIB', ['2', '2', '9']);
    expect([...byBib.keys()]).toEqual(['2']);
    expect(byBib.get('2')).toEqual([{ participantId: participants[1], personId: expect.any(Number), bib: '2' }]);
    const byId = await resolveParticipants(knex, eventId, 'PARTICIPANT_ID', [
      String(participants[0]),
      String(other.participants[0]),
      'abc',
    ]);
    expect([...byId.keys()]).toEqual([String(participants[0])]);
    const byExternal = await resolveParticipants(knex, eventId, 'EXTERNAL_ID', ['X3', 'x3']);
    expect(byExternal.get('X3')?.map((p) => p.participantId)).toEqual([participants[2]]);
    expect(byExternal.has('x3')).toBe(false);
  });

  it('an external id given to two participants names both', async () => {
    const { eventId, participants } = await eventWith(2);
    await knex('membership.participants').whereIn('id', participants).update({ externalId: 'SAME' });
    expect((await resolveParticipants(knex, eventId, 'EXTERNAL_ID', ['SAME'])).get('SAME')).toHaveLength(2);
  });
});

describe('applyNumberChanges', () => {
  it('applies free numbers, swaps and moves into a bib freed in the same call; refuses a taken one, and leaves the refused participant as they were', async () => {
    const {
      eventId,
      participants: [a, b, c, d],
    } = await eventWith(4);
    const answer = await knex.transaction((trx) =>
      applyNumberChanges(trx, eventId, [
        { key: 1, participantId: a!, bib: '2' }, // a swaps with b
        { key: 2, participantId: b!, bib: '1' },
        { key: 3, participantId: c!, bib: '4' }, // d moves away from 4 in the same call
        { key: 4, participantId: d!, bib: '40' },
      ]),
    );
    expect(answer.map((r) => r.applied)).toEqual([true, true, true, true]);
    const bibs = await knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib');
    expect(bibs).toEqual(['2', '1', '4', '40']);

    const refused = await applyNumberChanges(knex, eventId, [{ key: 9, participantId: a!, bib: '40' }]);
    expect(refused).toEqual([{ key: 9, applied: false, reason: 'BIB_TAKEN', heldByParticipantId: d }]);
    expect(await knex('membership.participants').where({ id: a }).first('bib')).toEqual({ bib: '2' });
  });
});

describe('replaceResultSet', () => {
  it('creates a set with ranks (ties share, the next skips), points by the calculator, DNF/DNS/DSQ unranked, in the given order', async () => {
    const { eventId, participants: p } = await eventWith(5);
    const answer = await knex.transaction((trx) =>
      replaceResultSet(trx, eventId, { name: '10 km', importJobId: null, pointsCalculator: 'RANK_TABLE' }, [
        { participantId: p[0]!, status: 'FINISHED', timeMs: 2_000_000 },
        { participantId: p[1]!, status: 'FINISHED', timeMs: 2_100_000 },
        { participantId: p[2]!, status: 'FINISHED', timeMs: 2_100_000 },
        { participantId: p[3]!, status: 'FINISHED', timeMs: 2_200_000 },
        { participantId: p[4]!, status: 'DNF', timeMs: null },
      ]),
    );
    expect(answer).toMatchObject({ replaced: false, previousResults: 0, results: 5, finishers: 4, scored: 4 });
    expect(await results(answer.resultSetId)).toEqual([
      { participantId: p[0], rank: 1, status: 'FINISHED', timeMs: 2_000_000, points: '100' },
      { participantId: p[1], rank: 2, status: 'FINISHED', timeMs: 2_100_000, points: '80' },
      { participantId: p[2], rank: 2, status: 'FINISHED', timeMs: 2_100_000, points: '80' },
      { participantId: p[3], rank: 4, status: 'FINISHED', timeMs: 2_200_000, points: '50' },
      { participantId: p[4], rank: null, status: 'DNF', timeMs: null, points: null },
    ]);
    expect(await knex('membership.resultSets').where({ id: answer.resultSetId }).first('name', 'pointsCalculator')).toEqual({
      name: '10 km',
      pointsCalculator: 'RANK_TABLE',
    });
  });

  it('a set of the same name (any case) is replaced, keeping its id; other sets stay', async () => {
    const { eventId, participants: p } = await eventWith(3);
    const first = await replaceResultSet(knex, eventId, { name: 'Overall', importJobId: null, pointsCalculator: 'NONE' }, [
      { participantId: p[0]!, status: 'FINISHED', timeMs: 1000 },
      { participantId: p[1]!, status: 'FINISHED', timeMs: 2000 },
    ]);
    const kids = await replaceResultSet(knex, eventId, { name: 'Kids', importJobId: null, pointsCalculator: 'NONE' }, [
      { participantId: p[2]!, status: 'FINISHED', timeMs: 500 },
    ]);
    const again = await replaceResultSet(knex, eventId, { name: 'OVERALL ', importJobId: null, pointsCalculator: 'WINNER_PERCENT' }, [
      { participantId: p[1]!, status: 'FINISHED', timeMs: 1500 },
      { participantId: p[2]!, status: 'DSQ', timeMs: 1400 },
    ]);
    expect(again).toMatchObject({ resultSetId: first.resultSetId, replaced: true, previousResults: 2, results: 2, finishers: 1 });
    expect(await results(first.resultSetId)).toEqual([
      { participantId: p[1], rank: 1, status: 'FINISHED', timeMs: 1500, points: '100' },
      { participantId: p[2], rank: null, status: 'DSQ', timeMs: 1400, points: null },
    ]);
    expect(await knex('membership.resultSets').where({ eventId }).orderBy('id').pluck('name')).toEqual(['OVERALL', 'Kids']);
    expect(await results(kids.resultSetId)).toHaveLength(1);
  });

  it('a participant of another event writes nothing: the transaction rolls back and the old results stay', async () => {
    const { eventId, participants: p } = await eventWith(2);
    const other = await eventWith(1);
    const set = await replaceResultSet(knex, eventId, { name: 'Overall', importJobId: null, pointsCalculator: 'NONE' }, [
      { participantId: p[0]!, status: 'FINISHED', timeMs: 1000 },
    ]);
    const before = await results(set.resultSetId);
    await expect(
      knex.transaction((trx) =>
        replaceResultSet(trx, eventId, { name: 'Overall', importJobId: null, pointsCalculator: 'NONE' }, [
          { participantId: p[1]!, status: 'FINISHED', timeMs: 900 },
          { participantId: other.participants[0]!, status: 'FINISHED', timeMs: 800 },
        ]),
      ),
    ).rejects.toThrow('participants of another event');
    expect(await results(set.resultSetId)).toEqual(before);
  });

  it('refuses a participant twice, an empty name and an unknown calculator before writing', async () => {
    const { eventId, participants: p } = await eventWith(1);
    const twice = [
      { participantId: p[0]!, status: 'FINISHED' as const, timeMs: 1 },
      { participantId: p[0]!, status: 'DNF' as const, timeMs: null },
    ];
    await expect(replaceResultSet(knex, eventId, { name: 'A', importJobId: null, pointsCalculator: 'NONE' }, twice)).rejects.toThrow(
      'two results',
    );
    await expect(replaceResultSet(knex, eventId, { name: ' ', importJobId: null, pointsCalculator: 'NONE' }, [])).rejects.toThrow('name');
    await expect(
      replaceResultSet(knex, eventId, { name: 'A', importJobId: null, pointsCalculator: 'BOGUS' as 'NONE' }, []),
    ).rejects.toThrow('unknown points calculator');
    expect(await knex('membership.resultSets').where({ eventId }).count()).toEqual([{ count: '0' }]);
  });

  it('lockEvent says whether the event exists', async () => {
    const { eventId } = await eventWith(0);
    await knex.transaction(async (trx) => {
      expect(await lockEvent(trx, eventId)).toBe(true);
      expect(await lockEvent(trx, 999_999_999)).toBe(false);
    });
  });
});
