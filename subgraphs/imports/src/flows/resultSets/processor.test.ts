import { InputError, NotFoundError } from '@ems/schema';
import { getImport, importResult, importRows, uploadImport, type ImportsDeps } from '../../domain/commands';
import { csvUpload, importsFixture, type ImportsFixture } from '../../testing/fixture';
import { runJob } from '../../worker/pipeline';
import { createProcessors } from '..';
import { membershipResultSets } from './membershipPort';

/**
 * The result-set import (E08) in one process: upload, the whole-file processing stage on
 * membership's real functions, a real PostgreSQL; pages of 3 rows, so that a file spans pages.
 * (Through the router and the worker process: tests/e2e/imports-result-sets.test.ts.)
 */
let f: ImportsFixture;
beforeAll(async () => {
  f = await importsFixture({ chunkRows: 3 });
});
afterAll(() => f.drop());

interface Runner {
  participantId: number;
  bib: string;
  externalId: string;
}

/** An event with participants bib "1".."n" (external ids "TC-1".."TC-n"). */
async function eventWith(n: number): Promise<{ eventId: number; runners: Runner[] }> {
  const { id: eventId } = await f.event();
  const runners: Runner[] = [];
  for (let i = 1; i <= n; i++) {
    const personId = await f.person(`Runner${i}`, 'Test', null);
    const [row] = await f
      .knex('membership.participants')
      .insert({ eventId, personId, bib: String(i), externalId: `TC-${i}` })
      .returning('id');
    runners.push({ participantId: (row as { id: number }).id, bib: String(i), externalId: `TC-${i}` });
  }
  return { eventId, runners };
}

const upload = (deps: ImportsDeps, eventId: number, lines: string[], fileName: string, extra: Record<string, string> = {}) =>
  uploadImport(deps, f.operator(), 'RESULT_SET', { eventId: String(eventId), ...extra }, csvUpload(lines.join('\n'), fileName));

/** The event's results, as a before/after snapshot. */
const eventResults = (eventId: number) =>
  f
    .knex('membership.results as r')
    .join('membership.resultSets as s', 's.id', 'r.resultSetId')
    .where('s.eventId', eventId)
    .orderBy('r.id')
    .select('s.name', 'r.id', 'r.participantId', 'r.rank', 'r.status', 'r.timeMs', 'r.points');

describe('a result file by bib, applied whole', () => {
  let eventId: number;
  let runners: Runner[];
  let jobId: string;

  beforeAll(async () => {
    ({ eventId, runners } = await eventWith(7));
  });

  it('ranks ties alike, leaves DNF/DNS/DSQ unranked, scores by the rank table, ignores a rank column (F9)', async () => {
    const job = await upload(
      f.deps,
      eventId,
      [
        'Platz,Startnummer,Vorname,Nachname,Zeit,Status',
        '1,3,Carla,Three,0:38:12.4,',
        '2,1,Anna,One,0:39:01.0,',
        '2,2,Bea,Two,0:39:01.0,',
        '4,5,Eva,Five,41:30,OK',
        ',4,Dora,Four,DNF,',
        ',6,Fritz,Six,,DNS',
        ',7,Gert,Seven,0:37:59.9,DSQ',
      ],
      '10km.csv',
      { pointsCalculator: 'RANK_TABLE' },
    );
    jobId = job.id;
    const view = await getImport(f.operator(), jobId);
    expect(view.state).toBe('COMPLETED');
    expect(view.verification).toMatchObject({ performed: false, skippedBecause: 'This import type has no fingerprint check' });
    expect(view.ignoredColumns).toEqual(['Platz']);
    expect(view.counts).toMatchObject({ rows: 7, failed: 0, created: 7, results: 7, finished: 4, dnf: 1, dns: 1, dsq: 1, scored: 4 });
    const results = await eventResults(eventId);
    expect(results.map((r) => [r.name, r.participantId, r.rank, r.status, r.timeMs, r.points])).toEqual([
      ['10km', runners[2]!.participantId, 1, 'FINISHED', 2_292_400, '100'],
      ['10km', runners[0]!.participantId, 2, 'FINISHED', 2_341_000, '80'],
      ['10km', runners[1]!.participantId, 2, 'FINISHED', 2_341_000, '80'],
      ['10km', runners[4]!.participantId, 4, 'FINISHED', 2_490_000, '50'],
      ['10km', runners[3]!.participantId, null, 'DNF', null, null],
      ['10km', runners[5]!.participantId, null, 'DNS', null, null],
      ['10km', runners[6]!.participantId, null, 'DSQ', 2_279_900, null],
    ]);
    // Whole file: counters on the job, row results only for rows that failed or were applied in part.
    expect((await importRows(f.deps, f.operator(), jobId, { after: 0, first: 100, failedOnly: false })).rows).toEqual([]);
  });

  it('answers the result resource with the set and its options', async () => {
    expect(await importResult(f.deps, f.operator(), 'RESULT_SET', jobId)).toMatchObject({
      status: 'COMPLETED',
      eventId,
      resultSetName: '10km',
      participantIdMode: 'BIB',
      applyNumberChanges: false,
      pointsCalculator: 'RANK_TABLE',
      counts: expect.objectContaining({ results: 7 }),
      rows: [],
    });
  });

  it('a bad row in the last line changes nothing: the job FAILED, the results are as they were, the summary names the row', async () => {
    const before = await eventResults(eventId);
    const job = await upload(
      f.deps,
      eventId,
      ['Bib,Time', '1,0:30:00', '2,0:31:00', '3,0:32:00', '4,0:33:00', '5,0:34:00', '6,0:35:00', '99,0:36:00'],
      '10km.csv',
    );
    const view = await getImport(f.operator(), job.id);
    expect(view.state).toBe('FAILED');
    expect(view.error?.message).toMatch(/^Nothing was imported: 1 of 7 rows failed \(row 8: No participant of this event has bib "99"\)/);
    expect(view.counts).toMatchObject({ rows: 7, failed: 1, results: 0, created: 0 });
    expect(await eventResults(eventId)).toEqual(before);
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 100, failedOnly: true });
    expect(rows).toEqual([
      expect.objectContaining({
        rowNo: 8,
        outcome: 'FAILED',
        failure: {
          category: 'UNRESOLVED_PERSON',
          rawFirstName: '',
          rawLastName: '',
          description: 'No participant of this event has bib "99"',
        },
      }),
    ]);
    expect(await importResult(f.deps, f.operator(), 'RESULT_SET', job.id)).toMatchObject({
      status: 'FAILED',
      rows: [expect.objectContaining({ rowNo: 8 })],
    });
  });

  it('lists every failing row and why: an invalid time, a bad status, a contradiction, no key, a participant twice', async () => {
    const before = await eventResults(eventId);
    const job = await upload(
      f.deps,
      eventId,
      [
        'Bib,Time,Status,First name,Last name',
        '1,0:30:00,,A,One',
        '2,0:61:00,,B,Two',
        '3,0:32:00,maybe,C,Three',
        '4,DNF,OK,D,Four',
        ',0:33:00,,X,Nobody',
        '1,0:34:00,,A,Again',
        '5,,,E,Five',
      ],
      '10km.csv',
    );
    expect((await getImport(f.operator(), job.id)).state).toBe('FAILED');
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 100, failedOnly: true });
    expect(rows.map((r) => [r.rowNo, r.failure?.category, r.failure?.description])).toEqual([
      [3, 'FAILED', 'Time "0:61:00" is not a time (h:mm:ss.s or mm:ss, or DNF, DNS, DSQ)'],
      [4, 'FAILED', 'Status "maybe" is not one of OK, DNF, DNS, DSQ'],
      [5, 'FAILED', 'Status "OK" and time "DNF" contradict each other'],
      [6, 'UNRESOLVED_PERSON', 'The row has no bib, so it names no participant'],
      [7, 'FAILED', 'The participant already has a result on row 2'],
      [8, 'FAILED', 'The row has no time and no status (DNF, DNS, DSQ)'],
    ]);
    expect(rows.find((r) => r.rowNo === 6)?.failure).toMatchObject({ rawFirstName: 'X', rawLastName: 'Nobody' });
    expect(await eventResults(eventId)).toEqual(before);
  });

  it('a corrected file of the same name replaces the set (same set, new results); another name is another set', async () => {
    const [setBefore] = await f.knex('membership.resultSets').where({ eventId }).select('id');
    const job = await upload(f.deps, eventId, ['Bib,Time', '2,0:30:00.5', '1,0:30:00.5', '3,0:31:00'], '10KM.csv', {
      pointsCalculator: 'WINNER_PERCENT',
    });
    expect((await getImport(f.operator(), job.id)).counts).toMatchObject({ results: 3, resultSetReplaced: 1, previousResults: 7 });
    expect((await eventResults(eventId)).map((r) => [r.name, r.participantId, r.rank, r.points])).toEqual([
      ['10KM', runners[1]!.participantId, 1, '100'],
      ['10KM', runners[0]!.participantId, 1, '100'],
      ['10KM', runners[2]!.participantId, 3, '96.8'], // 1800.5 / 1860 s
    ]);
    expect(await f.knex('membership.resultSets').where({ eventId }).select('id')).toEqual([setBefore]);

    await upload(f.deps, eventId, ['Bib,Time', '6,0:20:00'], 'kids.csv', { resultSetName: 'Kids 2 km' });
    expect(await f.knex('membership.resultSets').where({ eventId }).orderBy('id').pluck('name')).toEqual(['10KM', 'Kids 2 km']);
  });
});

describe('number changes (participant id or external id mode)', () => {
  it('applies a free number and refuses a taken one per row; the results are recorded either way', async () => {
    const { eventId, runners } = await eventWith(4);
    const [a, b, c, d] = runners as [Runner, Runner, Runner, Runner];
    const job = await upload(
      f.deps,
      eventId,
      [
        'Participant ID,Bib,Time',
        `${a.participantId},101,0:40:00`, // a new number: applied
        `${b.participantId},4,0:41:00`, // d keeps 4: refused
        `${c.participantId},3,0:42:00`, // unchanged
        `${d.participantId},4,0:43:00`,
      ],
      'relay.csv',
      { participantIdMode: 'participant_id', applyNumberChanges: 'true' },
    );
    const view = await getImport(f.operator(), job.id);
    expect(view.state).toBe('COMPLETED');
    expect(view.counts).toMatchObject({ results: 4, failed: 0, numberChangesApplied: 1, numberChangesRefused: 1 });
    expect(await f.knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib')).toEqual(['101', '2', '3', '4']);
    expect((await importRows(f.deps, f.operator(), job.id, { after: 0, first: 100, failedOnly: true })).rows).toEqual([
      expect.objectContaining({
        rowNo: 3,
        outcome: 'CREATED',
        targetId: b.participantId,
        failure: {
          category: 'NUMBER_CHANGE_REFUSED',
          description:
            'The result was recorded, but not bib "4": The bib belongs to another participant of this event, who keeps it; the participant keeps bib "2"',
        },
      }),
    ]);
  });

  it('by external id; without applyNumberChanges the bib column is ignored', async () => {
    const { eventId, runners } = await eventWith(2);
    const job = await upload(f.deps, eventId, ['Athlete ID,Bib,Time', 'TC-2,55,0:20:00', 'TC-1,56,0:21:00'], 'ext.csv', {
      participantIdMode: 'EXTERNAL_ID',
    });
    const view = await getImport(f.operator(), job.id);
    expect(view).toMatchObject({ state: 'COMPLETED', ignoredColumns: ['Bib'] });
    expect((await eventResults(eventId)).map((r) => [r.participantId, r.rank])).toEqual([
      [runners[1]!.participantId, 1],
      [runners[0]!.participantId, 2],
    ]);
    expect(await f.knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib')).toEqual(['1', '2']);
  });

  it("waits for the operator when the mode's key column is missing", async () => {
    const { eventId } = await eventWith(1);
    const job = await upload(f.deps, eventId, ['Bib,Time', '1,0:20:00'], 'nokey.csv', { participantIdMode: 'PARTICIPANT_ID' });
    expect(await getImport(f.operator(), job.id)).toMatchObject({
      state: 'COLUMNS_NEEDED',
      columns: expect.objectContaining({ missingRequired: ['participantId'] }),
    });
  });
});

describe('one transaction', () => {
  it('an error after the number changes rolls them back with everything else, and the job FAILED', async () => {
    const { eventId } = await eventWith(2);
    const processors = createProcessors({
      resultSets: {
        ...membershipResultSets,
        replaceResultSet: async () => {
          throw new InputError('simulated failure while writing the results');
        },
      },
    });
    const pipeline = { ...f.pipeline, processors };
    const deps: ImportsDeps = { ...f.deps, processors, schedule: (id) => runJob(pipeline, id) };
    const job = await upload(
      deps,
      eventId,
      [
        'Participant ID,Bib,Time',
        `${(await f.knex('membership.participants').where({ eventId }).orderBy('id').first('id')).id},77,0:20:00`,
      ],
      'x.csv',
      {
        participantIdMode: 'PARTICIPANT_ID',
        applyNumberChanges: 'true',
      },
    );
    expect(await getImport(f.operator(), job.id)).toMatchObject({
      state: 'FAILED',
      error: { message: 'simulated failure while writing the results' },
    });
    expect(await f.knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib')).toEqual(['1', '2']);
    expect(await f.knex('membership.resultSets').where({ eventId }).count()).toEqual([{ count: '0' }]);
  });
});

describe('the upload form', () => {
  it("refuses number changes in BIB mode, unknown options, and an event that is not the operator's", async () => {
    const { eventId } = await eventWith(1);
    const files = await f.knex('imports.uploadFiles').count();
    await expect(upload(f.deps, eventId, ['Bib,Time', '1,0:20:00'], 'a.csv', { applyNumberChanges: 'true' })).rejects.toMatchObject({
      code: 'NUMBER_CHANGES_NEED_ID_MODE',
    });
    await expect(upload(f.deps, eventId, ['Bib,Time'], 'a.csv', { pointsCalculator: 'FASTEST_WINS' })).rejects.toThrow(
      'pointsCalculator must be one of NONE, RANK_TABLE, WINNER_PERCENT',
    );
    await expect(upload(f.deps, eventId, ['Bib,Time'], 'a.csv', { participantIdMode: 'NAME' })).rejects.toThrow(InputError);
    const other = await f
      .knex('membership.events')
      .insert({
        organisationId: (await f.knex('membership.organisations').whereNot({ id: f.club.organisationId }).first('id')).id,
        name: 'Not yours',
      })
      .returning('id');
    await expect(upload(f.deps, (other[0] as { id: number }).id, ['Bib,Time', '1,0:20:00'], 'a.csv')).rejects.toThrow(NotFoundError);
    expect(await f.knex('imports.uploadFiles').count()).toEqual(files);
  });
});
