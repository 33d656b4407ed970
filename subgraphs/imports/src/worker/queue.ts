import { Agenda } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Pool } from 'pg';
import { handleConnectionLoss, type ConnectionLossLogger } from '@ems/db';

/** The Agenda job that says "look at import job X"; the job row, not Agenda, holds the truth. */
export const RUN_IMPORT = 'import:run';

export interface ImportQueue {
  agenda: Agenda;
  /** Queues a run of the job; a worker picks it up at once through LISTEN/NOTIFY. */
  schedule(jobId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Agenda on @agendajs/postgres-backend, with its table in the `imports` schema (created by our
 * migration: `ensureSchema` off) through the pool's search_path. The service uses it only to
 * queue runs; the worker also defines and processes them. A dropped connection is handled as
 * `handleConnectionLoss` says.
 */
export function createImportQueue(
  databaseUrl: string,
  name: string,
  role: 'producer' | 'worker',
  logger: ConnectionLossLogger,
): ImportQueue {
  const pool = new Pool({ connectionString: databaseUrl, max: 4, options: '-c search_path=imports', application_name: name });
  const backend = new PostgresBackend({ pool, tableName: 'agenda_jobs', channelName: 'imports_agenda_jobs', ensureSchema: false });
  let closing = false;
  handleConnectionLoss({ pool, channel: backend.notificationChannel }, { logger, closing: () => closing });
  const agenda = new Agenda({ backend, name, processEvery: '30 seconds' });
  // A worker's `agenda.start()` connects the notification channel. A producer never starts
  // Agenda, and without the channel `now()` saves the job silently: workers would hear of it
  // only at their next poll (`processEvery`). So the producer connects it itself, once.
  let channel: Promise<void> | null = null;
  const notifying = () => {
    if (role === 'worker') return Promise.resolve();
    channel ??= backend.notificationChannel?.connect() ?? Promise.resolve();
    return channel;
  };
  return {
    agenda,
    async schedule(jobId) {
      await agenda.ready;
      await notifying();
      await agenda.now(RUN_IMPORT, { jobId });
    },
    async close() {
      closing = true;
      if (channel) await backend.notificationChannel?.disconnect();
      await agenda.stop();
      await pool.end();
    },
  };
}
