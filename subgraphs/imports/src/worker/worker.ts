import { createKnex } from '@ems/db';
import { createLogger } from '@ems/service-runtime';
import type { WorkerEnv } from '../env';
import { orphanedJobIds } from '../data/jobs';
import { createProcessors } from '../flows';
import { runJob, type PipelineDeps } from './pipeline';
import { createImportQueue, RUN_IMPORT, SWEEP_IMPORTS } from './queue';

export interface RunningWorker {
  stop(): Promise<void>;
}

/**
 * The Agenda worker that runs import jobs. Any number of them may run against one database:
 * Agenda hands each queued run to one worker, and the job row's lease decides who works on a
 * job; a job whose worker died is taken over when its lease runs out (the sweep, or Agenda's own
 * lock lifetime), from its last committed chunk.
 */
export async function startImportWorker(env: WorkerEnv): Promise<RunningWorker> {
  const logger = createLogger('imports-worker', env.LOG_LEVEL);
  const db = createKnex(env.DATABASE_URL, { poolMax: 4 + env.IMPORT_WORKER_CONCURRENCY * 2, applicationName: 'ems-imports-worker' });
  const queue = createImportQueue(env.DATABASE_URL, `imports-worker-${process.pid}`);
  const deps: PipelineDeps = {
    db,
    processors: createProcessors(),
    logger,
    leaseSeconds: env.IMPORT_LEASE_SECONDS,
    chunkRows: env.IMPORT_CHUNK_ROWS,
    limits: {
      maxRows: env.IMPORT_MAX_ROWS,
      xlsxMaxUncompressedBytes: env.IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES,
      xlsxWorkerMemoryMb: env.IMPORT_XLSX_WORKER_MEMORY_MB,
    },
  };
  queue.agenda.define<{ jobId: string }>(
    RUN_IMPORT,
    async (job) => {
      await runJob(deps, job.attrs.data.jobId, () => job.touch());
    },
    { concurrency: env.IMPORT_WORKER_CONCURRENCY, lockLifetime: env.IMPORT_LEASE_SECONDS * 1000, removeOnComplete: true },
  );
  queue.agenda.define(SWEEP_IMPORTS, async () => {
    for (const jobId of await orphanedJobIds(db, env.IMPORT_LEASE_SECONDS)) await queue.schedule(jobId);
  });
  await queue.agenda.start();
  await queue.agenda.every(`${env.IMPORT_LEASE_SECONDS} seconds`, SWEEP_IMPORTS);
  logger.info({ concurrency: env.IMPORT_WORKER_CONCURRENCY }, 'imports worker started');
  return {
    async stop() {
      await queue.close();
      await db.destroy();
    },
  };
}
