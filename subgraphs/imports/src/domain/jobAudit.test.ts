import { createHash } from 'node:crypto';
import { NotFoundError } from '@ems/schema';
import { operatorAuditLog } from '../../../membership/src/domain/audit/auditLogView';
import { scopeForUserKey } from '../../../membership/src/domain/scope';
import { createSourceSystem } from '../data/sourceSystems';
import { membershipEvents } from '../flows/eventParticipants/membershipPort';
import { csvUpload, importsFixture, uploadParticipants, type ImportsFixture } from '../testing/fixture';
import { OperatorScope } from './access';
import { cancelImport, getImport, resumeFromFingerprint, submitCellMappings, submitColumnMappings } from './commands';
import { uploadCorrections } from './failedRows/corrections';
import { undoImport } from './undo/commands';

/**
 * Issue 20: every import command an operator gives that changes a job is in membership's audit
 * log, written in the transaction of the change (who, what, when, before and after); what the
 * worker does on its own is not; a refused command writes nothing. Real PostgreSQL, the worker
 * in-process (the fixture runs each queued job at once).
 */
let f: ImportsFixture;

beforeAll(async () => {
  f = await importsFixture({ chunkRows: 50 });
});
afterAll(() => f.drop());

interface Entry {
  registrationSystemId: number;
  organisationId: number;
  actorAccountId: number | null;
  actorUserKey: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const entriesOf = async (jobId: string) =>
  (await f.knex('membership.auditLog').where({ subjectType: 'import_job', subjectId: jobId }).orderBy('id')) as Entry[];

const allEntries = async () => Number((await f.knex('membership.auditLog').count({ n: '*' }))[0]!.n);

/** Who did it, where: the club's operator, in the club's organisation. */
const byOperator = () => ({
  registrationSystemId: f.club.tenantId,
  organisationId: f.club.organisationId,
  actorAccountId: f.club.operator.accountId,
  actorUserKey: f.club.operator.userKey,
  subjectType: 'import_job',
});

const FAILING_ROW_FILE = 'First name,Last name,Date of birth,Category\nAnna,Berg,1990-05-01,W\nMax,Fehler,31.02.1990,M\n';

async function completedImport(csv = 'First name,Last name,Date of birth,Category\nAnna,Berg,1990-05-01,W\n') {
  const event = await f.event();
  const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id) }, csvUpload(csv, 'teilnehmer.csv'));
  expect((await getImport(f.operator(), job.id)).state).toBe('COMPLETED');
  return { eventId: event.id, jobId: job.id };
}

describe('upload', () => {
  it('is logged as import.uploaded: the target, file name, size and checksum; never the rows; nothing for the worker’s moves', async () => {
    const { eventId, jobId } = await completedImport(FAILING_ROW_FILE);
    const entries = await entriesOf(jobId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byOperator(),
      action: 'import.uploaded',
      subjectId: jobId,
      before: null,
      after: {
        state: 'QUEUED',
        importType: 'EVENT_PARTICIPANT',
        eventId,
        periodId: null,
        sourceSystemId: null,
        fileName: 'teilnehmer.csv',
        fileBytes: Buffer.byteLength(FAILING_ROW_FILE),
        fileSha256: createHash('sha256').update(FAILING_ROW_FILE).digest('hex'),
        rowsTotal: null,
        alreadyImportedJobId: null,
        correctsJobId: null,
      },
    });
    expect(JSON.stringify(entries)).not.toMatch(/Berg|Fehler|1990/);
  });

  it('a refused upload (an event of no organisation the operator runs) writes no entry', async () => {
    const count = await allEntries();
    await expect(
      uploadParticipants(f.deps, f.operator(), { eventId: '999999' }, csvUpload('First name,Last name\nA,B\n')),
    ).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND' });
    expect(await allEntries()).toBe(count);
  });

  it('a corrections upload is logged as import.corrections_uploaded, naming the job it corrects', async () => {
    const { jobId } = await completedImport(FAILING_ROW_FILE);
    const corrected = await uploadCorrections(
      f.deps,
      f.operator(),
      jobId,
      {},
      csvUpload('First name,Last name,Date of birth,Category\nMax,Fehler,1990-02-28,M\n', 'corrected.csv'),
    );
    expect(await entriesOf(corrected.id)).toEqual([
      expect.objectContaining({
        ...byOperator(),
        action: 'import.corrections_uploaded',
        before: null,
        after: expect.objectContaining({ state: 'QUEUED', fileName: 'corrected.csv', correctsJobId: jobId }),
      }),
    ]);
    // The job it corrects is not changed by it: no entry there.
    expect((await entriesOf(jobId)).map((e) => e.action)).toEqual(['import.uploaded']);
  });

  it('a refused corrections upload (no failed rows) writes no entry', async () => {
    const { jobId } = await completedImport();
    const count = await allEntries();
    await expect(uploadCorrections(f.deps, f.operator(), jobId, {}, csvUpload('First name\nA\n'))).rejects.toMatchObject({
      code: 'NO_FAILED_ROWS',
    });
    expect(await allEntries()).toBe(count);
  });
});

describe('the operator’s answers at the stages', () => {
  let sourceId: number;
  const header = 'Athlete ID,Given,Family,DOB,Bib';
  const swapped = `${header}\n${[...Array(12).keys()].map((i) => `RT-${(i % 2) + 1},Someone${i},Else${i},1960-01-0${(i % 9) + 1},${i + 1}`).join('\n')}\n`;
  const trusted = async () => ({ eventId: String((await f.event()).id), sourceSystemId: String(sourceId), trustPKs: 'true' });

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

  it('column mappings: import.columns_mapped with the mapping before and after (headers and fields only)', async () => {
    const file = `${header}\nRT-1,Anna,Berg,1990-05-01,1\nRT-2,Johann,Müller,1975-03-14,2\n`;
    const job = await uploadParticipants(f.deps, f.operator(), await trusted(), csvUpload(file));
    expect((await getImport(f.operator(), job.id)).state).toBe('COLUMNS_NEEDED');
    await submitColumnMappings(f.deps, f.operator(), job.id, [
      { column: 1, field: 'firstName' },
      { column: 2, field: 'lastName' },
    ]);
    expect((await getImport(f.operator(), job.id)).state).toBe('COMPLETED');
    const entries = await entriesOf(job.id);
    expect(entries.map((e) => e.action)).toEqual(['import.uploaded', 'import.columns_mapped']);
    expect(entries[1]).toMatchObject({
      ...byOperator(),
      before: { state: 'COLUMNS_NEEDED', mappings: expect.arrayContaining([{ header: 'Given', field: null }]) },
      after: {
        state: 'MATCHING_CELLS',
        mappings: expect.arrayContaining([
          { header: 'Given', field: 'firstName' },
          { header: 'Family', field: 'lastName' },
        ]),
      },
    });
    expect(JSON.stringify(entries)).not.toMatch(/Anna|Berg|RT-1/);
  });

  it('the fingerprint warning: import.fingerprint_aborted and import.fingerprint_acknowledged', async () => {
    const aborted = await uploadParticipants(f.deps, f.operator(), await trusted(), csvUpload(swapped));
    expect((await getImport(f.operator(), aborted.id)).state).toBe('FINGERPRINT_WARNING');
    await resumeFromFingerprint(f.deps, f.operator(), aborted.id, 'ABORT');
    expect((await entriesOf(aborted.id)).slice(1)).toEqual([
      expect.objectContaining({
        ...byOperator(),
        action: 'import.fingerprint_aborted',
        before: { state: 'FINGERPRINT_WARNING' },
        after: { state: 'FINGERPRINT_ABORT' },
      }),
    ]);

    const acknowledged = await uploadParticipants(f.deps, f.operator(), await trusted(), csvUpload(swapped));
    await resumeFromFingerprint(f.deps, f.operator(), acknowledged.id, 'ACKNOWLEDGE');
    expect((await getImport(f.operator(), acknowledged.id)).state).toBe('COMPLETED');
    expect((await entriesOf(acknowledged.id)).slice(1)).toEqual([
      expect.objectContaining({
        ...byOperator(),
        action: 'import.fingerprint_acknowledged',
        before: { state: 'FINGERPRINT_WARNING' },
        after: { state: 'PROCESSING' },
      }),
    ]);
  });

  it('a refused answer (the job is not waiting for it) writes no entry', async () => {
    const { jobId } = await completedImport();
    const count = await allEntries();
    await expect(resumeFromFingerprint(f.deps, f.operator(), jobId, 'ABORT')).rejects.toMatchObject({ code: 'IMPORT_STATE_CHANGED' });
    await expect(submitColumnMappings(f.deps, f.operator(), jobId, [])).rejects.toMatchObject({ code: 'IMPORT_STATE_CHANGED' });
    expect(await allEntries()).toBe(count);
  });

  it('cell choices: import.cells_mapped with how many values were answered, not the values', async () => {
    const event = await f.event();
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      { eventId: String(event.id) },
      csvUpload('First name,Last name,Date of birth,Category\nEva,Irgendwo,1999-01-01,Senioren\n'),
    );
    expect((await getImport(f.operator(), job.id)).state).toBe('CELLS_NEEDED');
    await submitCellMappings(f.deps, f.operator(), job.id, [{ fkType: 'category', value: 'Senioren', targetId: null }]);
    const entries = await entriesOf(job.id);
    expect(entries.map((e) => e.action)).toEqual(['import.uploaded', 'import.cells_mapped']);
    expect(entries[1]).toMatchObject({
      ...byOperator(),
      before: { state: 'CELLS_NEEDED' },
      after: { state: 'VERIFYING', cellChoices: 1 },
    });
    expect(JSON.stringify(entries)).not.toMatch(/Eva|Irgendwo|Senioren/);
  });
});

describe('cancel', () => {
  async function waitingJob() {
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String((await f.event()).id) }, csvUpload('Given,Family\nA,B\n'));
    expect((await getImport(f.operator(), job.id)).state).toBe('COLUMNS_NEEDED');
    return job.id;
  }

  it('is logged as import.cancelled with the state it left', async () => {
    const jobId = await waitingJob();
    await cancelImport(f.deps, f.operator(), jobId);
    const entries = await entriesOf(jobId);
    expect(entries.map((e) => e.action)).toEqual(['import.uploaded', 'import.cancelled']);
    expect(entries[1]).toMatchObject({ ...byOperator(), before: { state: 'COLUMNS_NEEDED' }, after: { state: 'CANCELLED' } });
  });

  it('a refused cancel writes no entry: a job that has ended, another organisation’s operator', async () => {
    const { jobId: completed } = await completedImport();
    const waiting = await waitingJob();
    const count = await allEntries();
    await expect(cancelImport(f.deps, f.operator(), completed)).rejects.toMatchObject({ code: 'IMPORT_ENDED' });
    await expect(cancelImport(f.deps, f.otherOperator(), waiting)).rejects.toThrow(NotFoundError);
    await cancelImport(f.deps, f.operator(), waiting);
    await expect(cancelImport(f.deps, f.operator(), waiting)).rejects.toMatchObject({ code: 'IMPORT_ENDED' });
    expect(await allEntries()).toBe(count + 1);
    expect((await getImport(f.operator(), completed)).state).toBe('COMPLETED');
  });
});

describe('undo', () => {
  it('the request is logged as import.undo_requested; the worker’s end of the undo is not', async () => {
    const { jobId } = await completedImport();
    expect(await undoImport(f.deps, f.operator(), jobId)).toMatchObject({ state: 'UNDONE' });
    const entries = await entriesOf(jobId);
    expect(entries.map((e) => e.action)).toEqual(['import.uploaded', 'import.undo_requested']);
    expect(entries[1]).toMatchObject({ ...byOperator(), before: { state: 'COMPLETED' }, after: { state: 'UNDOING' } });
  });

  it('a refused undo writes no entry: another organisation’s operator, a second undo', async () => {
    const { jobId } = await completedImport();
    const count = await allEntries();
    await expect(undoImport(f.deps, f.otherOperator(), jobId)).rejects.toThrow(NotFoundError);
    expect(await allEntries()).toBe(count);
    await undoImport(f.deps, f.operator(), jobId);
    await expect(undoImport(f.deps, f.operator(), jobId)).rejects.toMatchObject({ code: 'IMPORT_ALREADY_UNDONE' });
    expect(await allEntries()).toBe(count + 1);
  });
});

describe('one transaction', () => {
  /** The club's operator, with an audit log that refuses every entry. */
  const failingAudit = () =>
    new OperatorScope(
      f.knex,
      {
        ...membershipEvents,
        recordOperatorActionsOfUser: () => Promise.reject(new Error('the audit log is unavailable')),
      },
      { registrationSystemId: f.club.tenantId, userKey: f.club.operator.userKey },
    );

  it('a change whose entry cannot be written does not happen: no job, no cancel, no undo', async () => {
    const jobs = async () => Number((await f.knex('imports.importJobs').count({ n: '*' }))[0]!.n);
    const before = await jobs();
    const event = await f.event();
    await expect(
      uploadParticipants(f.deps, failingAudit(), { eventId: String(event.id) }, csvUpload('Given,Family\nA,B\n')),
    ).rejects.toThrow('the audit log is unavailable');
    expect(await jobs()).toBe(before);

    const waiting = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id) }, csvUpload('Given,Family\nA,B\n'));
    await expect(cancelImport(f.deps, failingAudit(), waiting.id)).rejects.toThrow('the audit log is unavailable');
    expect((await getImport(f.operator(), waiting.id)).state).toBe('COLUMNS_NEEDED');

    const { jobId } = await completedImport();
    await expect(undoImport(f.deps, failingAudit(), jobId)).rejects.toThrow('the audit log is unavailable');
    expect((await getImport(f.operator(), jobId)).state).toBe('COMPLETED');
  });
});

describe('reading the log', () => {
  it('the organisation’s operators read the import entries through operatorAuditLog; another organisation’s read none', async () => {
    const { jobId } = await completedImport();
    const read = async (userKey: string) =>
      operatorAuditLog(f.knex, await scopeForUserKey(f.knex, f.club.tenantId, userKey), {
        filter: { subjectType: 'import_job', subjectId: jobId },
      });
    expect((await read(f.club.operator.userKey)).entries.map((e) => [e.action, e.actorUserKey])).toEqual([
      ['import.uploaded', f.club.operator.userKey],
    ]);
    expect((await read(f.club.otherOperator.userKey)).entries).toEqual([]);
  });
});
