import { createKnex, type Knex } from '@ems/db';
import { createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient, HttpResponse } from '../support/client';
import { browser, signIn } from '../support/demo';
import { ADMIN_API, settledImport, uploadedImport } from '../support/importJobs';
import { graphqlUploadBody, multipartBody } from '../support/multipart';
import { e2eContext } from '../support/stackContext';

/**
 * The result-set import (E08, whole file) through the router against the real processes: the
 * imports service, its worker process, membership, PostgreSQL. Operator olga.operator of the demo
 * club uploads through `/services/admin-service/api/result-sets/import-bulk` (REST) and the
 * `uploadResultSet` mutation; the event's results are read back through GraphQL.
 */

let knex: Knex;
let olga: HttpClient;
let organisationId: number;

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  organisationId = ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

interface Runner {
  name: string;
  participantId: number;
}

/** A race with eight participants: bibs 1..8, the timing company's ids TC-1..TC-8. */
async function race(): Promise<{ eventId: number; runners: Runner[] }> {
  const { id: eventId } = await createEvent(knex, organisationId);
  const names = ['Ada', 'Ben', 'Cem', 'Dana', 'Emil', 'Fay', 'Gus', 'Hana'];
  const runners: Runner[] = [];
  for (const [i, name] of names.entries()) {
    const [person] = await knex('membership.persons')
      .insert({ registrationSystemId: 1, firstName: name, lastName: 'Runner' })
      .returning('id');
    const [participant] = await knex('membership.participants')
      .insert({ eventId, personId: (person as { id: number }).id, bib: String(i + 1), externalId: `TC-${i + 1}` })
      .returning('id');
    runners.push({ name, participantId: (participant as { id: number }).id });
  }
  return { eventId, runners };
}

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

function upload(fields: Record<string, string>, name: string, data: Buffer): Promise<HttpResponse> {
  const { body, contentType } = multipartBody(fields, [{ field: 'file', fileName: name, contentType: 'text/csv', data }]);
  return olga.request('PUT', `${ADMIN_API}/result-sets/import-bulk`, { body, headers: { 'content-type': contentType } });
}

interface Job {
  id: string;
  state: string;
  importType: string;
  callerKey: string;
  counts: Record<string, number>;
  verification: { performed: boolean } | null;
  error: { message: string } | null;
}

interface ResultNode {
  participant: { id: string };
  rank: number | null;
  status: string;
  time: string | null;
  points: number | null;
}

/** The event's result sets and results as the admin portal reads them (GraphQL, through membership). */
async function eventResults(eventId: number): Promise<Record<string, ResultNode[]>> {
  const { status, body } = await olga.graphql<{
    operatorEvents: Array<{ id: string; resultSets: Array<{ id: string; name: string; results: { edges: Array<{ node: ResultNode }> } }> }>;
  }>(
    `{ operatorEvents { id resultSets { id name results(first: 20) { edges { node { participant { id } rank status time points } } } } } }`,
  );
  expect([status, body.errors]).toEqual([200, undefined]);
  const event = body.data?.operatorEvents.find((e) => e.id === String(eventId));
  return Object.fromEntries((event?.resultSets ?? []).map((s) => [s.name, s.results.edges.map((e) => e.node)]));
}

/** Every stored result of the event with its set: compared whole before and after a refused file. */
const storedResults = (eventId: number) =>
  knex('membership.results as r')
    .join('membership.resultSets as s', 's.id', 'r.resultSetId')
    .where('s.eventId', eventId)
    .orderBy('r.id')
    .select('s.id as setId', 's.name', 's.importJobId', 'r.id', 'r.participantId', 'r.rank', 'r.status', 'r.timeMs', 'r.points');

describe("E08: a timing company's result file for an event", () => {
  let eventId: number;
  let runners: Runner[];
  const id = (i: number) => String(runners[i]!.participantId);

  beforeAll(async () => {
    ({ eventId, runners } = await race());
  });

  it('applies a file whole: ties, DNF, points by the rank table, a number change applied and one refused', async () => {
    // By participant id (the club's own export went to the timing company), with the bibs worn on the day.
    const file = csv([
      'Rank;Participant ID;Bib;First name;Last name;Time;Status',
      `1;${id(2)};3;Cem;Runner;0:38:12.4;`,
      `2;${id(0)};101;Ada;Runner;0:39:01.0;`, // a new number: applied
      `2;${id(1)};2;Ben;Runner;0:39:01.0;`, // tied with Ada
      `4;${id(4)};4;Emil;Runner;0:41:30.25;`, // Dana keeps 4: refused, the result is recorded
      `5;${id(5)};6;Fay;Runner;1:02:03;`,
      `;${id(3)};4;Dana;Runner;DNF;`,
      `;${id(6)};7;Gus;Runner;;DNS`,
      `;${id(7)};8;Hana;Runner;0:37:00.0;DSQ`,
    ]);
    const job = await uploadedImport<Job>(
      olga,
      await upload(
        { eventId: String(eventId), participantIdMode: 'PARTICIPANT_ID', applyNumberChanges: 'true', pointsCalculator: 'RANK_TABLE' },
        '10km.csv',
        file,
      ),
    );
    expect(job).toMatchObject({
      state: 'COMPLETED',
      importType: 'RESULT_SET',
      callerKey: 'result-sets',
      verification: { performed: false },
    });
    expect(job.counts).toMatchObject({
      rows: 8,
      failed: 0,
      results: 8,
      finished: 5,
      dnf: 1,
      dns: 1,
      dsq: 1,
      numberChangesApplied: 1,
      numberChangesRefused: 1,
      resultSetReplaced: 0,
    });

    const sets = await eventResults(eventId);
    expect(Object.keys(sets)).toEqual(['10km']);
    expect(sets['10km']!.map((r) => [r.participant.id, r.rank, r.status, r.time, r.points])).toEqual([
      [id(2), 1, 'FINISHED', '0:38:12.4', 100],
      [id(0), 2, 'FINISHED', '0:39:01.0', 80],
      [id(1), 2, 'FINISHED', '0:39:01.0', 80],
      [id(4), 4, 'FINISHED', '0:41:30.2', 50],
      [id(5), 5, 'FINISHED', '1:02:03.0', 45],
      [id(3), null, 'DNF', null, null],
      [id(6), null, 'DNS', null, null],
      [id(7), null, 'DSQ', '0:37:00.0', null],
    ]);
    expect(await knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib')).toEqual([
      '101',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);

    const result = await olga.get(`${ADMIN_API}/result-sets/import/${job.id}`);
    expect(result.status).toBe(200);
    expect(result.json()).toMatchObject({
      status: 'COMPLETED',
      eventId,
      resultSetName: '10km',
      participantIdMode: 'PARTICIPANT_ID',
      applyNumberChanges: true,
      pointsCalculator: 'RANK_TABLE',
      ignoredColumns: ['Rank'],
      rows: [
        {
          rowNo: 5,
          outcome: 'CREATED',
          targetId: runners[4]!.participantId,
          failure: { category: 'NUMBER_CHANGE_REFUSED', description: expect.stringContaining('not bib "4"') },
        },
      ],
    });
  });

  it("scores by the percentage of the winner's time and by no calculator (the GraphQL upload)", async () => {
    const percent = await uploadedImport<Job>(
      olga,
      await upload(
        { eventId: String(eventId), participantIdMode: 'EXTERNAL_ID', pointsCalculator: 'WINNER_PERCENT', resultSetName: 'Cup' },
        'cup.csv',
        csv(['Athlete ID,Time', 'TC-3,40:00', 'TC-2,50:00', 'TC-1,40:00', 'TC-5,1:20:00', 'TC-4,DNF']),
      ),
    );
    expect(percent.state).toBe('COMPLETED');

    const { body, contentType } = graphqlUploadBody(
      `mutation Upload($input: ResultSetImportInput!, $file: Upload!) { uploadResultSet(input: $input, file: $file) { id state } }`,
      { input: { eventId: String(eventId), participantIdMode: 'BIB', pointsCalculator: 'NONE' } },
      { fileName: 'juniors.csv', contentType: 'text/csv', data: csv(['Bib,Time', '6,0:12:00', '7,0:11:30']) },
    );
    const res = await olga.request('POST', '/graphql', {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    const created = res.json<{ data: { uploadResultSet: { id: string } } }>().data.uploadResultSet;
    expect((await settledImport<Job>(olga, created.id)).state).toBe('COMPLETED');

    const summary = await olga.graphql<{ importJob: { resultSet: Record<string, unknown> } }>(
      `query($id: ID!) { importJob(id: $id) { resultSet { name participantIdMode pointsCalculator results finished scored replaced } } }`,
      { id: created.id },
    );
    expect(summary.body.data?.importJob.resultSet).toEqual({
      name: 'juniors',
      participantIdMode: 'BIB',
      pointsCalculator: 'NONE',
      results: 2,
      finished: 2,
      scored: 0,
      replaced: false,
    });

    const sets = await eventResults(eventId);
    expect(Object.keys(sets)).toEqual(['10km', 'Cup', 'juniors']);
    expect(sets.Cup!.map((r) => [r.participant.id, r.rank, r.points])).toEqual([
      [id(2), 1, 100],
      [id(1), 3, 80],
      [id(0), 1, 100],
      [id(4), 4, 50],
      [id(3), null, null],
    ]);
    expect(sets.juniors!.map((r) => [r.participant.id, r.rank, r.points])).toEqual([
      [id(5), 2, null],
      [id(6), 1, null],
    ]);
  });

  it('a file with one bad row in its last line changes nothing at all, and says which row and why', async () => {
    const before = await storedResults(eventId);
    const bibsBefore = await knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib');
    const job = await uploadedImport<Job>(
      olga,
      await upload(
        { eventId: String(eventId), participantIdMode: 'PARTICIPANT_ID', applyNumberChanges: 'true', pointsCalculator: 'RANK_TABLE' },
        '10km.csv',
        csv(['Participant ID,Bib,Time', `${id(0)},1,0:35:00`, `${id(1)},102,0:36:00`, `${id(2)},3,0:37:00`, `${id(3)},4,0:3x:00`]),
      ),
    );
    expect(job.state).toBe('FAILED');
    expect(job.error?.message).toContain('Nothing was imported: 1 of 4 rows failed (row 5: Time "0:3x:00" is not a time');
    expect(await storedResults(eventId)).toEqual(before);
    expect(await knex('membership.participants').where({ eventId }).orderBy('id').pluck('bib')).toEqual(bibsBefore);

    const result = await olga.get(`${ADMIN_API}/result-sets/import/${job.id}`);
    expect(result.json()).toMatchObject({
      status: 'FAILED',
      counts: expect.objectContaining({ rows: 4, failed: 1, results: 0 }),
      rows: [{ rowNo: 5, outcome: 'FAILED', failure: { category: 'FAILED', description: expect.stringContaining('"0:3x:00"') } }],
    });
  });

  it('a corrected re-import replaces the set: the same set, only the corrected results', async () => {
    const [set] = await knex('membership.resultSets').where({ eventId, name: '10km' }).select('id');
    const job = await uploadedImport<Job>(
      olga,
      await upload(
        { eventId: String(eventId), participantIdMode: 'PARTICIPANT_ID', pointsCalculator: 'RANK_TABLE' },
        '10km.csv',
        csv(['Participant ID,Time', `${id(0)},0:35:00`, `${id(1)},0:36:00`, `${id(2)},0:37:00`, `${id(3)},0:38:00`]),
      ),
    );
    expect(job.state).toBe('COMPLETED');
    expect(job.counts).toMatchObject({ results: 4, resultSetReplaced: 1, previousResults: 8 });
    expect(await knex('membership.resultSets').where({ eventId, name: '10km' }).select('id', 'importJobId')).toEqual([
      { id: (set as { id: number }).id, importJobId: job.id },
    ]);
    const sets = await eventResults(eventId);
    expect(sets['10km']!.map((r) => [r.participant.id, r.rank, r.points])).toEqual([
      [id(0), 1, 100],
      [id(1), 2, 80],
      [id(2), 3, 60],
      [id(3), 4, 50],
    ]);
    expect(Object.keys(sets)).toEqual(['10km', 'Cup', 'juniors']);
  });

  it("bad form fields: 400 in the contract's shape, and nothing stored", async () => {
    const files = await knex('imports.uploadFiles').count();
    const refused = await upload(
      { eventId: String(eventId), participantIdMode: 'BIB', applyNumberChanges: 'true' },
      'x.csv',
      csv(['Bib,Time', '1,0:30:00']),
    );
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Bad Request', code: 'NUMBER_CHANGES_NEED_ID_MODE' });
    const unknown = await upload({ eventId: String(eventId), pointsCalculator: 'FASTEST' }, 'x.csv', csv(['Bib,Time', '1,0:30:00']));
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_IMPORT_FIELDS' });
    expect(await knex('imports.uploadFiles').count()).toEqual(files);
  });
});
