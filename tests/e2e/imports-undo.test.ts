import { setTimeout as sleep } from 'node:timers/promises';
import { createKnex, type Knex } from '@ems/db';
import { createEvent } from '../../subgraphs/membership/src/testing/fixtures';
import type { HttpClient } from '../support/client';
import { browser, signIn } from '../support/demo';
import { multipartBody } from '../support/multipart';
import { e2eContext } from '../support/stackContext';

/**
 * Undo of a completed event-participant import (docs/imports.md, "Undo") through the router and
 * the real processes: the imports service takes the operator's command, its worker process runs
 * the undo, membership's tables go back to what they were. Operator olga.operator of the demo club.
 */

const API = '/services/admin-service/api';
let knex: Knex;
let olga: HttpClient;
let organisationId: number;

beforeAll(async () => {
  knex = createKnex(e2eContext().databaseUrl, { poolMax: 2 });
  organisationId = ((await knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id')) as { id: number }).id;
  olga = await signIn(browser(), 'olga.operator');
});
afterAll(() => knex.destroy());

interface Job {
  id: string;
  state: string;
  displayState: string;
  counts: Record<string, number>;
  undo: { requestedBy: string; finishedAt: string | null; error: { message: string } | null; refused: number } | null;
}

/** The worker's states, including the undo's: the common host keeps polling while the job is in one. */
const RUNNING = ['QUEUED', 'PARSING', 'MATCHING_CELLS', 'VERIFYING', 'PROCESSING', 'UNDOING'];

async function settled(id: string): Promise<Job> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await olga.get(`${API}/imports/${id}`);
    expect(res.status).toBe(200);
    const job = res.json<Job>();
    if (!RUNNING.includes(job.state) || Date.now() > deadline) return job;
    await sleep(100);
  }
}

/** A file whose names are this run's own, so the rows it makes are told apart from other tests'. */
function participantsFile(tag: string): Buffer {
  return Buffer.from(
    [
      'First name,Last name,Date of birth,Email,Bib,Club',
      `Ada${tag},Undo,1990-01-01,ada@example.org,1,Riverside`,
      `Ben${tag},Undo,1991-02-02,,2,Hillside`,
      `Cem${tag},Undo,1992-03-03,cem@example.org,3,`,
    ].join('\n'),
  );
}

const newEvent = async () => (await createEvent(knex, organisationId)).id;

async function completedImport(eventId: number, tag: string): Promise<Job> {
  const { body, contentType } = multipartBody({ eventId: String(eventId), createCustom1: 'Club' }, [
    { field: 'file', fileName: 'undo.csv', contentType: 'text/csv', data: participantsFile(tag) },
  ]);
  const res = await olga.request('PUT', `${API}/event-participants/import`, { body, headers: { 'content-type': contentType } });
  expect(res.status).toBe(201);
  const job = await settled(res.json<{ id: string }>().id);
  expect(job).toMatchObject({ state: 'COMPLETED', counts: expect.objectContaining({ created: 3, personsCreated: 3 }) });
  return job;
}

/** The membership rows an import into this event can touch, without the columns that say when a row last changed. */
async function eventState(eventId: number, tag: string) {
  const rows = (sql: string, bindings: Knex.RawBinding[]) =>
    knex.raw<{ rows: Array<{ row: string }> }>(sql, bindings).then((r) => r.rows.map((x) => x.row));
  return {
    event: await rows(`SELECT (to_jsonb(e) - 'updated_at' - 'sync_xid')::text AS row FROM membership.events e WHERE id = ?`, [eventId]),
    participants: await rows(
      `SELECT (to_jsonb(p) - 'updated_at' - 'sync_xid')::text AS row FROM membership.participants p WHERE event_id = ? ORDER BY 1`,
      [eventId],
    ),
    persons: await rows(
      `SELECT (to_jsonb(p) - 'updated_at' - 'sync_xid')::text AS row FROM membership.persons p WHERE first_name LIKE ? ORDER BY 1`,
      [`%${tag}`],
    ),
  };
}

describe('undo through REST', () => {
  const tag = `r${Date.now()}`;
  let job: Job;

  it('undoes a completed import: the worker puts membership back as it was, except a participant edited since', async () => {
    const eventId = await newEvent();
    const before = await eventState(eventId, tag);
    job = await completedImport(eventId, tag);
    expect((await eventState(eventId, tag)).participants).toHaveLength(3);
    // Someone corrects Ben's bib after the import.
    const ben = (await knex('membership.persons')
      .where({ firstName: `Ben${tag}` })
      .first('id')) as { id: number };
    await knex('membership.participants').where({ eventId, personId: ben.id }).update({ bib: '22' });

    const res = await olga.post(`${API}/imports/${job.id}/undo`);
    expect(res.status).toBe(200);
    expect(['UNDOING', 'UNDONE']).toContain(res.json<Job>().state);
    const undone = await settled(job.id);
    expect(undone).toMatchObject({ state: 'UNDONE', displayState: 'UNDONE', undo: expect.objectContaining({ error: null, refused: 2 }) });

    // As before the import (the event's labels too), but for Ben: his participant was edited since, so it and his person stay.
    const after = await eventState(eventId, tag);
    expect(after.event).toEqual(before.event);
    expect(before.participants).toEqual([]);
    expect(after.participants).toEqual([expect.stringContaining('"bib": "22"')]);
    expect(before.persons).toEqual([]);
    expect(after.persons).toEqual([expect.stringContaining(`Ben${tag}`)]);
  });

  it('lists the records it left, row by row, with the reason', async () => {
    const res = await olga.get(`${API}/imports/${job.id}/undo?first=10`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      jobId: job.id,
      state: 'UNDONE',
      undo: {
        refused: [
          { rowNo: 3, record: 'PARTICIPANT', reason: 'CHANGED_SINCE', message: 'Changed after the import; kept as it is now.' },
          { rowNo: 3, record: 'PERSON', reason: 'REFERENCED', referencedBy: ['participants'] },
        ],
        nextAfter: null,
      },
    });
    const result = await olga.get(`${API}/event-participants/import/${job.id}`);
    expect(result.json()).toMatchObject({ status: 'UNDONE', undo: { refused: [{ rowNo: 3 }, { rowNo: 3 }] } });
  });

  it('refuses a second undo with 409 in the contract’s error shape', async () => {
    const res = await olga.post(`${API}/imports/${job.id}/undo`);
    expect(res.status).toBe(409);
    expect(res.json()).toEqual({
      error: 'Conflict',
      message: 'The import has already been undone; an import is undone once',
      code: 'IMPORT_ALREADY_UNDONE',
    });
  });

  it('refuses the undo of a job that has not completed, and of no job at all', async () => {
    const waitingEvent = await newEvent();
    const { body, contentType } = multipartBody({ eventId: String(waitingEvent) }, [
      { field: 'file', fileName: 'x.csv', contentType: 'text/csv', data: Buffer.from('Given,Family\nA,B\n') },
    ]);
    const upload = await olga.request('PUT', `${API}/event-participants/import`, { body, headers: { 'content-type': contentType } });
    const waiting = await settled(upload.json<{ id: string }>().id);
    expect(waiting.state).toBe('COLUMNS_NEEDED');
    const res = await olga.post(`${API}/imports/${waiting.id}/undo`);
    expect(res.status).toBe(409);
    expect(res.json()).toEqual({
      error: 'Conflict',
      message: 'Only a completed import, or one cancelled or failed after it wrote rows, can be undone; this one is COLUMNS_NEEDED',
      code: 'IMPORT_NOT_COMPLETED',
    });
    expect((await olga.post(`${API}/imports/not-a-uuid/undo`)).status).toBe(400);
    const missing = await olga.post(`${API}/imports/00000000-0000-4000-8000-000000000000/undo`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'IMPORT_NOT_FOUND' });
  });

  it('the operators read the upload and the undo request in the audit log; the worker’s moves and the refused undo are not there', async () => {
    const { body } = await olga.graphql<{
      operatorAuditLog: {
        entries: Array<{ action: string; actorUserKey: string; organisation: { id: string }; before: string | null; after: string | null }>;
      };
    }>(
      `query Trail($id: String) { operatorAuditLog(filter: { subjectType: "import_job", subjectId: $id }) { entries { action actorUserKey organisation { id } before after } } }`,
      { id: job.id },
    );
    expect(body.errors).toBeUndefined();
    const entries = body.data!.operatorAuditLog.entries;
    // Newest first.
    expect(entries.map((e) => e.action)).toEqual(['import.undo_requested', 'import.uploaded']);
    const requestedBy = (await settled(job.id)).undo!.requestedBy;
    for (const e of entries) expect(e).toMatchObject({ actorUserKey: requestedBy, organisation: { id: String(organisationId) } });
    expect([JSON.parse(entries[0]!.before!), JSON.parse(entries[0]!.after!)]).toEqual([{ state: 'COMPLETED' }, { state: 'UNDOING' }]);
    expect(entries[1]!.before).toBeNull();
    expect(JSON.parse(entries[1]!.after!)).toMatchObject({ state: 'QUEUED', importType: 'EVENT_PARTICIPANT', fileName: 'undo.csv' });
    expect(entries[1]!.after).not.toContain(tag);
  });
});

describe('undo through GraphQL', () => {
  it('undoImport, then the job shows the undo with its counts', async () => {
    const tag = `g${Date.now()}`;
    const eventId = await newEvent();
    const job = await completedImport(eventId, tag);
    const mutation = await olga.graphql<{ undoImport: { id: string; state: string } }>(
      `mutation Undo($id: ID!) { undoImport(jobId: $id) { id state } }`,
      { id: job.id },
    );
    expect(mutation.status).toBe(200);
    expect(['UNDOING', 'UNDONE']).toContain(mutation.body.data?.undoImport.state);
    await settled(job.id);
    const { body } = await olga.graphql<{
      importJob: {
        state: string;
        undo: {
          error: string | null;
          refusedCount: number;
          counts: Array<{ record: string; outcome: string; count: number }>;
          refused: { refused: unknown[]; nextAfter: number | null };
        };
      };
    }>(
      `query Undone($id: ID!) { importJob(id: $id) { state undo { error refusedCount counts { record outcome count } refused(first: 10) { refused { rowNo reason } nextAfter } } } }`,
      { id: job.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.importJob).toMatchObject({
      state: 'UNDONE',
      undo: { error: null, refusedCount: 0, refused: { refused: [], nextAfter: null } },
    });
    expect(body.data?.importJob.undo.counts).toEqual(
      expect.arrayContaining([
        { record: 'PARTICIPANT', outcome: 'DELETED', count: 3 },
        { record: 'PERSON', outcome: 'DELETED', count: 3 },
      ]),
    );
    expect(await knex('membership.participants').where({ eventId })).toEqual([]);

    const again = await olga.graphql(`mutation Undo($id: ID!) { undoImport(jobId: $id) { id } }`, { id: job.id });
    expect(again.body.errors?.[0]).toMatchObject({ extensions: expect.objectContaining({ code: 'IMPORT_ALREADY_UNDONE' }) });
  });
});
