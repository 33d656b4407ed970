import type { Knex } from '@ems/db';
import { ConflictError, NotFoundError } from '@ems/schema';
import {
  cancelImport,
  importResult,
  getImport,
  importRows,
  resumeFromFingerprint,
  sourceSystems,
  submitCellMappings,
  submitColumnMappings,
} from '../domain/commands';
import { holdsJob } from '../data/jobs';
import { createSourceSystem } from '../data/sourceSystems';
import { csvUpload, importsFixture, type ImportsFixture, uploadParticipants } from '../testing/fixture';

/**
 * The import framework end to end in one process: upload, every stage, the event-participant
 * processor on membership's real functions, a real PostgreSQL. (Through the router and the
 * worker process: tests/e2e/imports*.test.ts.)
 */

let f: ImportsFixture;
let anna: number;
let johann: number;
let katarina: number;

beforeAll(async () => {
  f = await importsFixture({ chunkRows: 3 });
  anna = await f.person('Anna', 'Berg', '1990-05-01');
  johann = await f.person('Johann', 'Müller', '1975-03-14');
  katarina = await f.person('Katarina', 'Nowak', '1988-11-02');
});
afterAll(() => f.drop());

const fields = (eventId: number, extra: Record<string, string> = {}) => ({ eventId: String(eventId), ...extra });

// Excel's "Save as CSV" on a German Windows: `;` and Windows-1252.
const GERMAN_CSV = [
  'Vorname;Nachname;Geburtsdatum;Startnummer;Klasse;T-Shirt',
  'Anna;Berg;01.05.1990;101;W;M',
  'Johann;Müller;14.03.1975;102;M40;L',
  'Katharina;Nowak;02.11.1988;103;W;S',
  'Lena;Neu;2001-07-07;104;U18;XS',
  'Max;Fehler;31.02.1990;105;M;L',
  'Eva;Irgendwo;1999-01-01;106;Senioren;M',
  ';Leer;1999-01-01;107;W;M',
].join('\r\n');

describe('event-participant import through every stage', () => {
  let eventId: number;
  let jobId: string;

  beforeAll(async () => {
    eventId = (await f.event()).id;
  });

  it('stops at CELLS_NEEDED for a category value that matches nothing, after auto-mapping the columns (F9: T-Shirt ignored)', async () => {
    const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload(GERMAN_CSV, 'teilnehmer.csv', 'latin1'));
    jobId = job.id;
    const view = await getImport(f.operator(), jobId);
    expect(view.state).toBe('CELLS_NEEDED');
    expect(view.ignoredColumns).toEqual(['T-Shirt']);
    expect(view.columns?.mappings.map((m) => m.field)).toEqual(['firstName', 'lastName', 'dateOfBirth', 'bib', 'category', null]);
    expect(view.cells?.asked).toEqual([expect.objectContaining({ fkType: 'category', value: 'Senioren', rows: 1, matches: [] })]);
    expect(view.progress.rowsTotal).toBe(7);
  });

  it('completes when the operator chooses "none" for the value: the other rows are imported, in chunks', async () => {
    const view = await submitCellMappings(f.deps, f.operator(), jobId, [{ fkType: 'category', value: 'Senioren', targetId: null }]);
    expect(view.state).toBe('COMPLETED');
    expect(view.verification).toMatchObject({ performed: false, skippedBecause: 'No source system was chosen' });
    expect(view.counts).toMatchObject({ rows: 7, created: 4, failed: 3, personsCreated: 1 });
  });

  it('matches persons exactly, fuzzily, or creates them (F4), and types each failure', async () => {
    const { rows } = await importRows(f.deps, f.operator(), jobId, { after: 0, first: 100, failedOnly: false });
    const byRow = Object.fromEntries(rows.map((r) => [r.rowNo, r]));
    expect(byRow[2]).toMatchObject({ outcome: 'CREATED', personId: anna, matchKind: 'EXACT' });
    expect(byRow[3]).toMatchObject({ outcome: 'CREATED', personId: johann, matchKind: 'EXACT' });
    expect(byRow[4]).toMatchObject({ outcome: 'CREATED', personId: katarina, matchKind: 'FUZZY' });
    expect(byRow[5]).toMatchObject({ outcome: 'CREATED', matchKind: 'NONE' });
    expect(byRow[6]?.failure).toEqual({ category: 'FAILED', description: expect.stringContaining('"31.02.1990" is not a date') });
    expect(byRow[7]?.failure).toMatchObject({ category: 'FK_MISMATCH', fkType: 'category', fkValue: 'Senioren' });
    expect(byRow[8]?.failure).toEqual({ category: 'FAILED', description: 'First name is empty' });
  });

  it('answers the result resource with the summary once the job has ended', async () => {
    const result = await importResult(f.deps, f.operator(), 'EVENT_PARTICIPANT', jobId);
    expect(result).toMatchObject({ status: 'COMPLETED', eventId, ignoredColumns: ['T-Shirt'], alreadyImportedJobId: null });
    expect(result.rows.map((r) => r.rowNo)).toEqual([6, 7, 8]);
  });

  it('flags the same file imported again into the same event, and changes nothing', async () => {
    const before = await f.knex('membership.participants').where({ eventId }).orderBy('id').select('id', 'personId', 'bib', 'categoryId');
    const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload(GERMAN_CSV, 'teilnehmer.csv', 'latin1'));
    expect(job.alreadyImportedJobId).toBe(jobId);
    // The operator's "none" is asked again: nothing was remembered without a source system.
    const view = await submitCellMappings(f.deps, f.operator(), job.id, [{ fkType: 'category', value: 'Senioren', targetId: null }]);
    expect(view.counts).toMatchObject({ rows: 7, created: 0, updated: 0, unchanged: 4, failed: 3, personsCreated: 0 });
    const after = await f.knex('membership.participants').where({ eventId }).orderBy('id').select('id', 'personId', 'bib', 'categoryId');
    expect(after).toEqual(before);
  });
});

describe('columns the operator maps', () => {
  it('waits in COLUMNS_NEEDED for a required field without a column, then goes on with the operator’s mapping', async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload('Given,Family,Bib\nAnna,Berg,7\n'));
    expect(job.state).toBe('QUEUED');
    const waiting = await getImport(f.operator(), job.id);
    expect(waiting.state).toBe('COLUMNS_NEEDED');
    expect(waiting.columns?.missingRequired).toEqual(['firstName', 'lastName']);
    const done = await submitColumnMappings(f.deps, f.operator(), job.id, [
      { column: 0, field: 'firstName' },
      { column: 1, field: 'lastName' },
    ]);
    expect(done.state).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ created: 1 });
  });

  it('refuses a mapping in a state that does not wait for one (409)', async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload('First name,Last name\nA,B\n'));
    await expect(submitColumnMappings(f.deps, f.operator(), job.id, [])).rejects.toThrow(ConflictError);
  });
});

describe('cancel', () => {
  it('cancels a waiting job, which then writes nothing, and cannot cancel it twice', async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload('Vorname,Wer\nA,B\n'));
    const cancelled = await cancelImport(f.deps, f.operator(), job.id);
    expect(cancelled).toMatchObject({ state: 'CANCELLED', displayState: 'CANCELLED', terminal: true });
    await expect(submitColumnMappings(f.deps, f.operator(), job.id, [])).rejects.toThrow(ConflictError);
    await expect(cancelImport(f.deps, f.operator(), job.id)).rejects.toThrow('already ended');
    expect(await f.knex('membership.participants').where({ eventId }).count()).toEqual([{ count: '0' }]);
  });
});

describe('source systems, template variants (F10) and the fingerprint check (F7)', () => {
  let sourceId: number;
  const header = 'Athlete ID,Given,Family,DOB,Bib';

  beforeAll(async () => {
    sourceId = (
      await createSourceSystem(f.knex, {
        registrationSystemId: f.club.tenantId,
        organisationId: f.club.organisationId,
        name: 'RaceTiming',
        isSelf: false,
      })
    ).id;
  });

  it('lists "this system" and the organisation’s sources', async () => {
    const list = await sourceSystems(f.deps, f.operator());
    expect(list.map((s) => [s.name, s.isSelf])).toEqual([
      ['This system (own export)', true],
      ['RaceTiming', false],
    ]);
  });

  it('remembers the operator’s column choices with the source system, and recognises the header next time', async () => {
    const { id: eventId } = await f.event();
    const file = `${header}\nRT-1,Anna,Berg,1990-05-01,1\nRT-2,Johann,Müller,1975-03-14,2\n`;
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      fields(eventId, { sourceSystemId: String(sourceId), trustPKs: 'true' }),
      csvUpload(file),
    );
    await submitColumnMappings(f.deps, f.operator(), job.id, [
      { column: 1, field: 'firstName' },
      { column: 2, field: 'lastName' },
    ]);
    const done = await getImport(f.operator(), job.id);
    expect(done.state).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ created: 2 });

    const again = await uploadParticipants(
      f.deps,
      f.operator(),
      fields((await f.event()).id, { sourceSystemId: String(sourceId), trustPKs: 'true' }),
      csvUpload(file),
    );
    const view = await getImport(f.operator(), again.id);
    expect(view.state).toBe('COMPLETED');
    expect(view.columns?.mappings.map((m) => m.matchedBy)).toEqual(['TEMPLATE', 'TEMPLATE', 'TEMPLATE', 'TEMPLATE', 'TEMPLATE']);
    expect(view.verification?.performed).toBe(true);
    expect(view.verification?.warning).toBeNull();
  });

  const swapped = `${header}\n${[...Array(12).keys()].map((i) => `RT-${(i % 2) + 1},Someone${i},Else${i},1960-01-0${(i % 9) + 1},${i + 1}`).join('\n')}\n`;

  it('stops at FINGERPRINT_WARNING when the trusted keys name other persons; ABORT ends it as FINGERPRINT_ABORT, shown as FAILED', async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      fields(eventId, { sourceSystemId: String(sourceId), trustPKs: 'true' }),
      csvUpload(swapped),
    );
    const warned = await getImport(f.operator(), job.id);
    expect(warned.state).toBe('FINGERPRINT_WARNING');
    expect(warned.verification?.warning?.code).toBe('KEYS_MATCH_OTHER_PERSONS');
    expect(warned.verification?.sample[0]?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    const aborted = await resumeFromFingerprint(f.deps, f.operator(), job.id, 'ABORT');
    expect(aborted).toMatchObject({ state: 'FINGERPRINT_ABORT', displayState: 'FAILED' });
    const result = await importResult(f.deps, f.operator(), 'EVENT_PARTICIPANT', job.id);
    expect(result.status).toBe('FAILED');
    expect(await f.knex('membership.participants').where({ eventId }).count()).toEqual([{ count: '0' }]);
  });

  it('goes on when the operator acknowledges the warning, without changing the persons (no updatePII)', async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      fields(eventId, { sourceSystemId: String(sourceId), trustPKs: 'true' }),
      csvUpload(swapped),
    );
    const done = await resumeFromFingerprint(f.deps, f.operator(), job.id, 'ACKNOWLEDGE');
    expect(done.state).toBe('COMPLETED');
    expect(done.verification?.acknowledged).toBe(true);
    const annaNow = await f.knex('membership.persons').where({ id: anna }).first('firstName', 'lastName');
    expect(annaNow).toEqual({ firstName: 'Anna', lastName: 'Berg' });
  });
});

describe('merge candidates (F8) and trusted keys', () => {
  it('creates a new person with merge candidates when the name is only likely the same, without blocking other rows', async () => {
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      fields(eventId),
      csvUpload('First name,Last name,Date of birth\nJohannes,Mueller,1975-03-14\nAnna,Berg,1990-05-01\n'),
    );
    const view = await getImport(f.operator(), job.id);
    expect(view.counts).toMatchObject({ created: 2, personsCreated: 1, mergeCandidates: 1 });
    const result = await importResult(f.deps, f.operator(), 'EVENT_PARTICIPANT', job.id);
    expect(result.mergeCandidatesCreated).toEqual([expect.objectContaining({ rowNo: 2, candidatePersonId: johann })]);
    const candidate = await f.knex('membership.mergeCandidates').where({ candidatePersonId: johann }).first('status', 'importJobId');
    expect(candidate).toEqual({ status: 'OPEN', importJobId: job.id });
  });

  it('with this system’s own export and trustPKs, finds persons by Person ID and, with updatePII, corrects their data', async () => {
    const self = (await sourceSystems(f.deps, f.operator())).find((s) => s.isSelf);
    const { id: eventId } = await f.event();
    const file = `Person ID,First name,Last name,Date of birth\n${katarina},Katarina,Nowak-Berg,1988-11-02\n999999,Ghost,Person,1980-01-01\n`;
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      fields(eventId, { sourceSystemId: String(self?.id), trustPKs: 'true', updatePII: 'true', acknowledgeFingerprintWarning: 'true' }),
      csvUpload(file),
    );
    const view = await getImport(f.operator(), job.id);
    expect(view.state).toBe('COMPLETED');
    expect(view.counts).toMatchObject({ created: 1, failed: 1, personsUpdated: 1 });
    const { rows } = await importRows(f.deps, f.operator(), job.id, { after: 0, first: 10, failedOnly: true });
    expect(rows[0]?.failure).toMatchObject({ category: 'UNRESOLVED_PERSON', rawFirstName: 'Ghost', rawLastName: 'Person' });
    expect(await f.knex('membership.persons').where({ id: katarina }).first('lastName')).toEqual({ lastName: 'Nowak-Berg' });
  });

  it('refuses updatePII without trustPKs before anything is stored (gating)', async () => {
    const { id: eventId } = await f.event();
    const files = await f.knex('imports.uploadFiles').count();
    await expect(
      uploadParticipants(f.deps, f.operator(), fields(eventId, { updatePII: 'true' }), csvUpload('First name,Last name\nA,B\n')),
    ).rejects.toThrow('updatePII needs trustPKs');
    expect(await f.knex('imports.uploadFiles').count()).toEqual(files);
  });
});

describe('who may import', () => {
  it('answers "not found" for another organisation’s event and for its jobs', async () => {
    const { id: eventId } = await f.event();
    await expect(uploadParticipants(f.deps, f.otherOperator(), fields(eventId), csvUpload('First name,Last name\nA,B\n'))).rejects.toThrow(
      NotFoundError,
    );
    const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload('First name,Last name\nA,B\n'));
    await expect(getImport(f.otherOperator(), job.id)).rejects.toThrow(NotFoundError);
  });
});

describe('a worker whose lease another worker took over', () => {
  const NEW_HOLDER = '6a0f5c1e-0000-4000-8000-000000000001';
  const STALLED_WORKER = '6a0f5c1e-0000-4000-8000-000000000002';
  it('holds the job no more (the check that guards a parse clearing the staged rows); the new holder does', async () => {
    const job = await uploadParticipants(f.deps, f.operator(), fields((await f.event()).id), csvUpload('First name,Last name\nA,B\n'));
    // The new holder is parsing the file again under its own lease.
    await f.knex('imports.importJobs').where({ id: job.id }).update({ state: 'PARSING', leaseToken: NEW_HOLDER });
    expect(await f.knex.transaction((trx) => holdsJob(trx, job.id, 'PARSING', STALLED_WORKER))).toBe(false);
    expect(await f.knex.transaction((trx) => holdsJob(trx, job.id, 'PARSING', NEW_HOLDER))).toBe(true);
  });
});

describe('upkeep between chunks', () => {
  it('refreshes statistics only once another chunk follows (chunks of 3 rows here)', async () => {
    const processor = f.pipeline.processors.EVENT_PARTICIPANT;
    const upkeep = jest.spyOn(processor, 'afterChunks');
    try {
      const oneChunk = 'First name,Last name\nA1,B\nA2,B\nA3,B\n';
      const small = await uploadParticipants(f.deps, f.operator(), fields((await f.event()).id), csvUpload(oneChunk));
      expect((await getImport(f.operator(), small.id)).state).toBe('COMPLETED');
      expect(upkeep).not.toHaveBeenCalled();

      const twoChunks = `${oneChunk}A4,B\n`;
      const larger = await uploadParticipants(f.deps, f.operator(), fields((await f.event()).id), csvUpload(twoChunks));
      expect((await getImport(f.operator(), larger.id)).state).toBe('COMPLETED');
      expect(upkeep).toHaveBeenCalledTimes(1);
    } finally {
      upkeep.mockRestore();
    }
  });
});

describe('a chunk another transaction rolled back', () => {
  /**
   * Imports `csv` (chunks of 3 rows) with the first chunk failing once after its writes, as
   * `failure` makes it fail; answers the job, its event and how often a chunk ran.
   */
  async function importFailingFirstChunkOnce(csv: string, failure: (trx: Knex.Transaction, eventId: number) => Promise<unknown>) {
    const processor = f.pipeline.processors.EVENT_PARTICIPANT;
    const original = processor.processChunk!.bind(processor);
    const chunk = jest.spyOn(processor, 'processChunk').mockImplementationOnce(async (trx, ctx, rows) => {
      const result = await original(trx, ctx, rows);
      await failure(trx, ctx.job.eventId as number);
      return result;
    });
    try {
      const eventId = (await f.event()).id;
      const job = await uploadParticipants(f.deps, f.operator(), fields(eventId), csvUpload(csv));
      return { view: await getImport(f.operator(), job.id), eventId, chunkRuns: chunk.mock.calls.length };
    } finally {
      chunk.mockRestore();
    }
  }

  const countOf = async (table: string, where: Record<string, unknown>) =>
    Number((await f.knex(table).where(where).count<{ count: string }[]>('* as count'))[0]?.count);

  it('runs again when a record it matched went away before it wrote (a merge meanwhile: a foreign-key violation)', async () => {
    const { view, eventId, chunkRuns } = await importFailingFirstChunkOnce(
      'First name,Last name\nM1,Merged\nM2,Merged\nM3,Merged\nM4,Merged\n',
      // What PostgreSQL answers a write that names a person deleted since it was matched.
      (trx, eventId) => trx('membership.participants').insert({ eventId, personId: 2_000_000_000 }),
    );
    expect(view.state).toBe('COMPLETED');
    expect(chunkRuns).toBe(3);
    expect(view.counts).toMatchObject({ rows: 4, created: 4 });
    expect(await countOf('membership.participants', { eventId })).toBe(4);
  });

  it('runs again and the job completes with each row once (a deadlock inside the first chunk, after its writes)', async () => {
    const { view, eventId, chunkRuns } = await importFailingFirstChunkOnce(
      'First name,Last name\nD1,Lock\nD2,Lock\nD3,Lock\nD4,Lock\nD5,Lock\n',
      // What PostgreSQL answers the transaction it picks to break a deadlock with.
      (trx) => trx.raw(`DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '40P01', MESSAGE = 'deadlock detected'; END $$`),
    );
    expect(view.state).toBe('COMPLETED');
    expect(chunkRuns).toBe(3); // two chunks of 3 rows, the first one twice
    expect(view.counts).toMatchObject({ rows: 5, created: 5 });
    expect(await countOf('membership.participants', { eventId })).toBe(5);
    expect(await countOf('imports.rowResults', { jobId: view.id })).toBe(5);
  });
});
