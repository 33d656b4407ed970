import { Agenda } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Pool } from 'pg';

/** The Agenda job that says "look at import job X"; the job row, not Agenda, holds the truth. */
export const RUN_IMPORT = 'import:run';
/** Finds jobs nobody holds although a worker should (see `orphanedJobIds`) and schedules them again. */
export const SWEEP_IMPORTS = 'import:sweep';

export interface ImportQueue {
  agenda: Agenda;
  /** Queues a run of the job; a worker picks it up at once through LISTEN/NOTIFY. */
  schedule(jobId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Agenda on @agendajs/postgres-backend, with its table in the `imports` schema (created by our
 * migration: `ensureSchema` off) through the pool's search_path. The service uses it only to
 * queue runs; the worker also defines and processes them.
 */
export function createImportQueue(databaseUrl: string, name: string): ImportQueue {
  const pool = new Pool({ connectionString: databaseUrl, max: 4, options: '-c search_path=imports', application_name: name });
  const backend = new PostgresBackend({ pool, tableName: 'agenda_jobs', channelName: 'imports_agenda_jobs', ensureSchema: false });
  const agenda = new Agenda({ backend, name, processEvery: '30 seconds' });
  return {
    agenda,
    async schedule(jobId) {
      await agenda.ready;
      await agenda.now(RUN_IMPORT, { jobId });
    },
    async close() {
      await agenda.stop();
      await pool.end();
    },
  };
}
