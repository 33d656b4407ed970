import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@ems/service-runtime';
import { findJob, type ImportJobRecord } from '../data/jobs';
import { csvUpload, importsFixture, type ImportsFixture, uploadParticipants } from '../testing/fixture';
import { createImportQueue, type ImportQueue } from './queue';

/**
 * The worker as the separate process it is in production (`src/worker/main.ts`), on the Agenda
 * PostgreSQL backend: a queued job starts at once (LISTEN/NOTIFY), and a worker killed with
 * SIGKILL in the middle of a job loses nothing.
 */

const WORKER_MAIN = path.join(__dirname, 'main.ts');
const LEASE_SECONDS = 3;

let f: ImportsFixture;
let producer: ImportQueue;
let url: string;
const workers: ChildProcess[] = [];
/** Each worker's stdout and stderr so far. */
const output = new Map<ChildProcess, string>();

function startWorker(extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: url,
      IMPORTS_WORKER_PORT: '0',
      LOG_LEVEL: 'info',
      IMPORT_LEASE_SECONDS: String(LEASE_SECONDS),
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  output.set(child, '');
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output.set(child, output.get(child) + d.toString());
      if (output.get(child)?.includes('imports worker started')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output.get(child)}`)));
  });
}

beforeAll(async () => {
  f = await importsFixture();
  url = (f.knex.client.config.connection as { connectionString: string }).connectionString;
  producer = createImportQueue(url, 'imports-test-producer', 'producer', createLogger('imports-test', 'silent'));
  f.deps.schedule = (jobId) => producer.schedule(jobId);
}, 60_000);
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await producer.close();
  await f.drop();
});

async function until(jobId: string, done: (j: ImportJobRecord) => boolean, timeoutMs: number): Promise<ImportJobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await findJob(f.knex, jobId);
    if ((job && done(job)) || Date.now() > deadline) return job as ImportJobRecord;
    await sleep(20);
  }
}

function participantsFile(rows: number): string {
  const lines = ['First name,Last name,Date of birth,Bib'];
  for (let i = 0; i < rows; i++) lines.push(`Runner${i},Family${i % 997},${1950 + (i % 50)}-0${(i % 9) + 1}-1${i % 10},${i + 1}`);
  return `${lines.join('\n')}\n`;
}

describe('the import worker process', () => {
  let worker: ChildProcess;

  beforeAll(async () => {
    worker = await startWorker();
  }, 60_000);

  it('starts a queued job within half a second (LISTEN/NOTIFY, not the poll) and runs it to COMPLETED', async () => {
    const { id: eventId } = await f.event();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const job = await uploadParticipants(
        f.deps,
        f.operator(),
        { eventId: String(eventId) },
        csvUpload(`First name,Last name\nA${i},B${i}\n`),
      );
      const done = await until(job.id, (j) => j.state === 'COMPLETED', 10_000);
      expect(done.state).toBe('COMPLETED');
      delays.push((done.startedAt as Date).getTime() - done.createdAt.getTime());
    }
    expect(Math.max(...delays)).toBeLessThan(500);
  });

  it('survives SIGKILL in the middle of processing: another worker goes on after the last committed chunk, with the rows of an uninterrupted run', async () => {
    const file = participantsFile(6000);
    // The uninterrupted run, for comparison.
    const calm = await f.event();
    const calmJob = await uploadParticipants(f.deps, f.operator(), { eventId: String(calm.id) }, csvUpload(file));
    expect((await until(calmJob.id, (j) => j.state === 'COMPLETED', 60_000)).state).toBe('COMPLETED');

    worker.kill('SIGKILL');
    const slow = await startWorker({ IMPORT_CHUNK_ROWS: '200' });
    const killed = await f.event();
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(killed.id) }, csvUpload(file));
    const midway = await until(job.id, (j) => j.state === 'PROCESSING' && j.checkpoint > 1000, 60_000);
    slow.kill('SIGKILL');
    await new Promise((resolve) => slow.once('exit', resolve));
    const frozen = await findJob(f.knex, job.id);
    expect(frozen?.state).toBe('PROCESSING');
    expect(frozen?.checkpoint).toBeLessThan(6001);
    expect(midway.checkpoint).toBeGreaterThan(1000);

    worker = await startWorker({ IMPORT_CHUNK_ROWS: '500' });
    const done = await until(job.id, (j) => j.state === 'COMPLETED', 60_000);
    expect(done.state).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ rows: 6000, created: 6000, failed: 0 });

    const rows = (eventId: number) =>
      f
        .knex('membership.participants as p')
        .join('membership.persons as s', 's.id', 'p.personId')
        .where('p.eventId', eventId)
        .orderBy('p.bib')
        .select('p.bib', 's.firstName', 's.lastName', 's.dateOfBirth');
    const [a, b] = await Promise.all([rows(calm.id), rows(killed.id)]);
    expect(b).toHaveLength(6000);
    expect(b).toEqual(a);
    expect(await f.knex('imports.rowResults').where({ jobId: job.id }).count()).toEqual([{ count: '6000' }]);
  }, 120_000);

  it('rides out the database dropping its connections (a restart): one line, no crash, and the next job runs at once', async () => {
    // Every connection of this worker on this test's database: Agenda's pool, its LISTEN client, knex's pool.
    await f.knex.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name IN (?, 'ems-imports-worker')`,
      [`imports-worker-${worker.pid}`],
    );
    const said = (text: string) => (output.get(worker) ?? '').includes(text);
    for (let i = 0; i < 100 && !said('database connection lost: reconnecting'); i++) await sleep(50);
    // An 'error' nobody handled would have ended the process by now.
    expect(worker.exitCode).toBeNull();
    expect(said('database connection lost: reconnecting')).toBe(true);
    // Agenda's channel listens again (it retries after 100 ms), so a new job is heard of at once.
    const listening = async () =>
      (
        await f.knex.raw(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = ? AND query LIKE 'LISTEN%'`,
          [`imports-worker-${worker.pid}`],
        )
      ).rows.length > 0;
    for (let i = 0; i < 100 && !(await listening()); i++) await sleep(50);
    const { id: eventId } = await f.event();
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(eventId) }, csvUpload('First name,Last name\nA,B\n'));
    const done = await until(job.id, (j) => j.state === 'COMPLETED', 10_000);
    expect(done.state).toBe('COMPLETED');
    expect((done.startedAt as Date).getTime() - done.createdAt.getTime()).toBeLessThan(500);
    const out = output.get(worker) ?? '';
    expect(out.split('database connection lost').length).toBe(2);
    expect(out).not.toMatch(/Unhandled|uncaught|\n\s+at /i);

    // Stopping: the worker ends cleanly, with nothing more to say about its connections.
    const before = out.split('database connection lost').length;
    worker.kill('SIGTERM');
    const code = await new Promise((resolve) => worker.once('exit', resolve));
    expect(code).toBe(0);
    expect((output.get(worker) ?? '').split('database connection lost').length).toBe(before);
  }, 60_000);
});
