import { Agenda } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Pool } from 'pg';
import { handleConnectionLoss, type ConnectionLossLogger } from '@ems/db';

/** The sweep that queues the scheduled messages due now (domain/life/dueMessages.ts). */
export const SCHEDULED_MESSAGES = 'membership:scheduled-messages';

export interface MembershipQueue {
  agenda: Agenda;
  close(): Promise<void>;
}

/**
 * Agenda on @agendajs/postgres-backend with its table in the `membership` schema (our migration,
 * `ensureSchema` off), as the imports worker sets it up; its own notification channel. A dropped
 * connection is handled as `handleConnectionLoss` says.
 */
export function createMembershipQueue(
  databaseUrl: string,
  name: string,
  logger: ConnectionLossLogger,
  processEveryMs = 30_000,
): MembershipQueue {
  const pool = new Pool({ connectionString: databaseUrl, max: 3, options: '-c search_path=membership', application_name: name });
  const backend = new PostgresBackend({ pool, tableName: 'agenda_jobs', channelName: 'membership_agenda_jobs', ensureSchema: false });
  let closing = false;
  handleConnectionLoss({ pool, channel: backend.notificationChannel }, { logger, closing: () => closing });
  const agenda = new Agenda({ backend, name, processEvery: processEveryMs });
  return {
    agenda,
    async close() {
      closing = true;
      await agenda.stop();
      // Agenda leaves the LISTEN connection open when the pool is ours.
      await backend.notificationChannel?.disconnect();
      await pool.end();
    },
  };
}
