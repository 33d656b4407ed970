import type { WorkerEnv } from '../env';

export interface RunningWorker {
  stop(): Promise<void>;
}

/** The Agenda worker that runs import jobs (being built: see docs/imports.md). */
export async function startImportWorker(_env: WorkerEnv): Promise<RunningWorker> {
  return { stop: async () => {} };
}
