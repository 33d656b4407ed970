import express from 'express';
import { createKnex, migrateLatest } from '@ems/db';
import { createLogger, healthRoutes, listen } from '@ems/service-runtime';
import { readLimitsOf, type WorkerEnv } from '../env';
import { orphanedJobIds } from '../data/jobs';
import { createProcessors } from '../flows';
import { runJob, type PipelineDeps } from './pipeline';
import { createImportQueue, RUN_IMPORT } from './queue';

export interface RunningWorker {
  /** The health endpoint (`/actuator/health`, like the services'), for the launcher and liveness checks. */
  url: string;
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
  await migrateLatest(db);
  const queue = createImportQueue(env.DATABASE_URL, `imports-worker-${process.pid}`, 'worker', logger);
  const deps: PipelineDeps = {
    db,
    processors: createProcessors(),
    logger,
    leaseSeconds: env.IMPORT_LEASE_SECONDS,
    chunkRows: env.IMPORT_CHUNK_ROWS,
    limits: readLimitsOf(env),
  };
  queue.agenda.define<{ jobId: string }>(
    RUN_IMPORT,
    async (job) => {
      await runJob(deps, job.attrs.data.jobId, () => job.touch());
    },
    { concurrency: env.IMPORT_WORKER_CONCURRENCY, lockLifetime: env.IMPORT_LEASE_SECONDS * 1000, removeOnComplete: true },
  );
  await queue.agenda.start();
  // The sweep: jobs in a worker state that nobody holds (the service stopped between storing the
  // job and queuing it, or a run Agenda dropped) are queued again. Every worker sweeps; a job
  // queued twice is harmless (the lease decides). A timer of ours rather than Agenda's `every`,
  // so that stopping the worker stops it.
  const sweep = setInterval(() => {
    orphanedJobIds(db, env.IMPORT_LEASE_SECONDS)
      .then(async (ids) => {
        for (const jobId of ids) await queue.schedule(jobId);
      })
      .catch((err: unknown) => logger.warn({ err }, 'import sweep failed'));
  }, env.IMPORT_LEASE_SECONDS * 1000);
  const health = express();
  health.disable('x-powered-by');
  health.use(healthRoutes(db, 'imports-worker'));
  const server = await listen(health, env.IMPORTS_WORKER_PORT, env.HOST);
  const address = server.address();
  const url = `http://${env.HOST}:${typeof address === 'object' && address ? address.port : env.IMPORTS_WORKER_PORT}`;
  logger.info({ url, concurrency: env.IMPORT_WORKER_CONCURRENCY }, 'imports worker started');
  return {
    url,
    async stop() {
      clearInterval(sweep);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.close();
      await db.destroy();
    },
  };
}
