/** What emits pg's 'error' when the database drops a connection: a pg Pool, Agenda's notification channel. */
interface ErrorEmitter {
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/** The part of a pino logger the rule writes to. */
export interface ConnectionLossLogger {
  warn(fields: object, message: string): void;
  fatal(fields: object, message: string): void;
}

/** A restart drops every connection at once: one line for them, not one each. */
const REPORT_EVERY_MS = 10_000;

/**
 * What a process does when PostgreSQL drops a connection of an Agenda queue's pg pool (an idle
 * client) or of its LISTEN client: a restart, a failover, or the database stopping first. pg
 * emits 'error' on them, and an 'error' nobody listens to ends the process with a stack trace.
 * - While the queue is closing, it is expected and passes in silence.
 * - While it runs, one line says so and the connections come back by themselves: the pool opens a
 *   new one at its next query, Agenda's channel reconnects with backoff.
 * - When the channel gives up (about 80 s without the database) the process exits with code 1, for
 *   its supervisor to restart it, rather than run on hearing of new jobs only at its next poll.
 * docs/decisions.md, "Structure and tooling".
 */
export function handleConnectionLoss(
  sources: { pool: ErrorEmitter; channel?: ErrorEmitter & { readonly state: string } },
  o: { logger: ConnectionLossLogger; closing: () => boolean },
): void {
  let reportedAt = -Infinity;
  const lost = (err: Error) => {
    if (o.closing()) return;
    // The error's code and PostgreSQL's reason; never the connection settings.
    const fields = { code: (err as { code?: unknown }).code, reason: err.message };
    if (sources.channel?.state === 'error') {
      o.logger.fatal(fields, 'database unreachable and the job notifications gave up: exiting for a restart');
      process.exit(1);
    }
    if (Date.now() - reportedAt < REPORT_EVERY_MS) return;
    reportedAt = Date.now();
    o.logger.warn(fields, 'database connection lost: reconnecting');
  };
  sources.pool.on('error', lost);
  sources.channel?.on('error', lost);
}
