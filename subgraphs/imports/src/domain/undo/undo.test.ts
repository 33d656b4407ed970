import { ConflictError, NotFoundError, type AppError } from '@ems/schema';
import { cancelImport, getImport, importResult, submitColumnMappings } from '../commands';
import {
  csvUpload,
  importsFixture,
  membershipSnapshot as snapshotOf,
  type ImportsFixture,
  uploadParticipants,
} from '../../testing/fixture';
import { runJob } from '../../worker/pipeline';
import type { ImportsDeps } from '../commands';
import { importUndo, undoImport } from './commands';

/**
 * Undo of a completed import through the framework (docs/imports.md, "Undo"): the operator's
 * command, the worker's UNDOING stage (run in-process by the fixture), the event-participant
 * flow's undo on membership's real functions, a real PostgreSQL.
 */
let f: ImportsFixture;

beforeAll(async () => {
  f = await importsFixture({ chunkRows: 2 });
});
afterAll(() => f.drop());

const membershipSnapshot = () => snapshotOf(f.knex);

const CSV = [
  'First name,Last name,Date of birth,Email,Bib,Category,Club',
  'Anna,Berg,1990-05-01,anna@example.org,101,W,Riverside',
  'Nina,Neu,2001-07-07,nina@example.org,102,W,Hillside',
  'Otto,Ohne,1975-03-14,,103,M40,',
  'Paul,Plan,1988-11-02,paul@example.org,104,M,Riverside',
  'Rita,Rot,1995-02-02,,105,W,',
].join('\n');

async function completedImport(csv = CSV) {
  const event = await f.event();
  const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id), createCustom1: 'Club' }, csvUpload(csv));
  expect((await getImport(f.operator(), job.id)).state).toBe('COMPLETED');
  return { event, jobId: job.id };
}

const rowsOf = async (jobId: string) =>
  (await f.knex('imports.rowResults').where({ jobId }).orderBy('rowNo')) as Array<{ rowNo: number; personId: number; targetId: number }>;

describe('undo of a completed import', () => {
  it('restores the exact earlier state of every membership table, and the job shows it was undone', async () => {
    const anna = await f.person('Anna', 'Berg', '1990-05-01');
    const event = await f.event();
    const before = await membershipSnapshot();
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id), createCustom1: 'Club' }, csvUpload(CSV));
    const done = await getImport(f.operator(), job.id);
    expect(done).toMatchObject({ state: 'COMPLETED', counts: expect.objectContaining({ created: 5, personsCreated: 4 }), undo: null });
    expect(await membershipSnapshot()).not.toEqual(before);

    const undone = await undoImport(f.deps, f.operator(), job.id);
    expect(undone).toMatchObject({ state: 'UNDONE', displayState: 'UNDONE', terminal: true });
    expect(undone.undo).toMatchObject({ requestedBy: f.club.operator.userKey, error: null, refused: 0 });
    expect(undone.undo?.finishedAt).toEqual(expect.any(String));
    expect(new Set(undone.undo?.counts.map((c) => `${c.record} ${c.outcome} ${c.count}`))).toEqual(
      new Set(['PARTICIPANT DELETED 5', 'PERSON DELETED 4', 'EVENT RESTORED 1']),
    );
    expect(await membershipSnapshot()).toEqual(before);
    expect(await f.knex('membership.persons').where({ id: anna }).first()).toMatchObject({ firstName: 'Anna' });

    const result = await importResult(f.deps, f.operator(), 'EVENT_PARTICIPANT', job.id);
    expect(result).toMatchObject({ status: 'UNDONE', undo: expect.objectContaining({ refused: [], nextAfter: null }) });
  });

  it('refuses, row by row, what was changed after the import, lists it, and keeps its new value', async () => {
    const { jobId } = await completedImport();
    const rows = await rowsOf(jobId);
    const nina = rows.find((r) => r.rowNo === 3)!;
    const paul = rows.find((r) => r.rowNo === 5)!;
    // After the import: Nina's bib is corrected by hand, Paul's e-mail changes.
    await f.knex('membership.participants').where({ id: nina.targetId }).update({ bib: '202' });
    await f.knex('membership.persons').where({ id: paul.personId }).update({ email: 'paul@new.example.org' });

    const undone = await undoImport(f.deps, f.operator(), jobId);
    expect(undone).toMatchObject({ state: 'UNDONE', undo: expect.objectContaining({ refused: 3 }) });
    const report = await importUndo(f.deps, f.operator(), jobId, { after: 0, first: 100 });
    expect(report.undo.refused.map((r) => [r.rowNo, r.record, r.reason, r.message])).toEqual([
      [3, 'PARTICIPANT', 'CHANGED_SINCE', 'Changed after the import; kept as it is now.'],
      [3, 'PERSON', 'REFERENCED', 'Now used by participants; kept.'],
      [5, 'PERSON', 'CHANGED_SINCE', 'Changed after the import; kept as it is now.'],
    ]);
    expect(report.undo.refused[1]).toMatchObject({ personId: nina.personId, referencedBy: ['participants'] });
    expect(await f.knex('membership.participants').where({ id: nina.targetId }).first()).toMatchObject({ bib: '202' });
    expect(await f.knex('membership.persons').where({ id: paul.personId }).first()).toMatchObject({ email: 'paul@new.example.org' });
    expect(await f.knex('membership.participants').where({ id: paul.targetId }).first()).toBeUndefined();

    const page = await importUndo(f.deps, f.operator(), jobId, { after: 0, first: 2 });
    expect(page.undo.refused).toHaveLength(2);
    expect((await importUndo(f.deps, f.operator(), jobId, { after: page.undo.nextAfter!, first: 2 })).undo.refused).toHaveLength(1);
  });

  it('undoes a job once: a second undo is refused with a clear error in the contract’s shape', async () => {
    const { jobId } = await completedImport();
    await undoImport(f.deps, f.operator(), jobId);
    const second = await undoImport(f.deps, f.operator(), jobId).catch((e: AppError) => e);
    expect(second).toBeInstanceOf(ConflictError);
    expect((second as AppError).toBody()).toEqual({
      error: 'Conflict',
      message: 'The import has already been undone; an import is undone once',
      code: 'IMPORT_ALREADY_UNDONE',
    });
  });

  it('undoes an import cancelled after it wrote its first chunk: the committed rows go, the earlier state is back', async () => {
    const event = await f.event();
    const before = await membershipSnapshot();
    const processor = f.pipeline.processors.EVENT_PARTICIPANT;
    // The operator cancels between the first chunk (committed) and the second (then rolled back).
    const cancelBetween = jest.spyOn(processor, 'afterChunks').mockImplementationOnce(async () => {
      const { id } = await f.knex('imports.importJobs').where({ eventId: event.id }).first('id');
      await cancelImport(f.deps, f.operator(), id);
    });
    try {
      const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id) }, csvUpload(CSV));
      const cancelled = await getImport(f.operator(), job.id);
      expect(cancelled).toMatchObject({ state: 'CANCELLED', counts: expect.objectContaining({ rows: 2 }) });
      expect(await membershipSnapshot()).not.toEqual(before);
      const undone = await undoImport(f.deps, f.operator(), job.id);
      expect(undone).toMatchObject({ state: 'UNDONE', undo: expect.objectContaining({ from: 'CANCELLED', error: null }) });
      expect(await membershipSnapshot()).toEqual(before);
    } finally {
      cancelBetween.mockRestore();
    }
  });

  it('refuses the undo of a job that has not completed', async () => {
    const { id: eventId } = await f.event();
    const waiting = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload('Given,Family\nA,B\n'));
    expect((await getImport(f.operator(), waiting.id)).state).toBe('COLUMNS_NEEDED');
    await expect(undoImport(f.deps, f.operator(), waiting.id)).rejects.toMatchObject({
      code: 'IMPORT_NOT_COMPLETED',
      message: 'Only a completed import, or one cancelled or failed after it wrote rows, can be undone; this one is COLUMNS_NEEDED',
    });
    await cancelImport(f.deps, f.operator(), waiting.id);
    await expect(undoImport(f.deps, f.operator(), waiting.id)).rejects.toMatchObject({ code: 'IMPORT_NOT_COMPLETED' });
    await expect(importUndo(f.deps, f.operator(), waiting.id, { after: 0, first: 10 })).rejects.toMatchObject({
      code: 'IMPORT_NOT_UNDONE',
    });
  });

  it('is the operators’ of the job’s organisation only: another organisation’s operator finds no such import', async () => {
    const { jobId } = await completedImport();
    await expect(undoImport(f.deps, f.otherOperator(), jobId)).rejects.toThrow(NotFoundError);
    expect((await getImport(f.operator(), jobId)).state).toBe('COMPLETED');
  });

  it('does not cancel a running undo', async () => {
    const { jobId } = await completedImport();
    await f.knex('imports.importJobs').where({ id: jobId }).update({ state: 'UNDOING' });
    await expect(cancelImport(f.deps, f.operator(), jobId)).rejects.toMatchObject({ code: 'IMPORT_NOT_CANCELLABLE' });
    await expect(undoImport(f.deps, f.operator(), jobId)).rejects.toMatchObject({ code: 'IMPORT_ALREADY_UNDONE' });
  });

  it('leaves the job COMPLETED with the error, and nothing undone, when the undo fails; it can be tried again', async () => {
    const { event, jobId } = await completedImport();
    const participants = async () => Number((await f.knex('membership.participants').where({ eventId: event.id }).count({ n: '*' }))[0]!.n);
    const processor = f.pipeline.processors.EVENT_PARTICIPANT;
    const failing = {
      ...f.pipeline,
      processors: {
        ...f.pipeline.processors,
        EVENT_PARTICIPANT: {
          ...processor,
          undo: async () => {
            throw new ConflictError('Something else holds the event');
          },
        },
      },
    };
    const deps: ImportsDeps = { ...f.deps, processors: failing.processors, schedule: (id) => runJob(failing, id) };
    const failed = await undoImport(deps, f.operator(), jobId);
    expect(failed).toMatchObject({
      state: 'COMPLETED',
      undo: expect.objectContaining({ error: { message: 'Something else holds the event' } }),
    });
    expect(await participants()).toBe(5);
    expect(await undoImport(f.deps, f.operator(), jobId)).toMatchObject({
      state: 'UNDONE',
      undo: expect.objectContaining({ error: null }),
    });
    expect(await participants()).toBe(0);
  });

  it('runs safely beside a second import of the same event: whichever goes first, the event holds exactly what the second import created', async () => {
    const { event, jobId } = await completedImport();
    const [, second] = await Promise.all([
      undoImport(f.deps, f.operator(), jobId),
      uploadParticipants(f.deps, f.operator(), { eventId: String(event.id), createCustom1: 'Club' }, csvUpload(CSV)),
    ]);
    expect((await getImport(f.operator(), jobId)).state).toBe('UNDONE');
    const after = await getImport(f.operator(), second.id);
    expect(after.state).toBe('COMPLETED');
    const stored = Number((await f.knex('membership.participants').where({ eventId: event.id }).count({ n: '*' }))[0]!.n);
    expect(stored).toBe(after.counts.created ?? 0);
  });

  it('no longer counts an undone job as the same file already imported: importing it again creates the rows anew', async () => {
    const { event, jobId } = await completedImport();
    await undoImport(f.deps, f.operator(), jobId);
    const again = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id), createCustom1: 'Club' }, csvUpload(CSV));
    expect(again.alreadyImportedJobId).toBeNull();
    expect((await getImport(f.operator(), again.id)).counts).toMatchObject({ created: 5 });
  });

  it('keeps the undone job’s row results as the history of what it did', async () => {
    const { jobId } = await completedImport();
    await undoImport(f.deps, f.operator(), jobId);
    expect(await rowsOf(jobId)).toHaveLength(5);
    await expect(submitColumnMappings(f.deps, f.operator(), jobId, [])).rejects.toThrow(ConflictError);
  });
});
