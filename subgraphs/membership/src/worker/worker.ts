import express from 'express';
import { ChannelListener, createKnex, EMAILS_QUEUED_CHANNEL, migrateLatest } from '@ems/db';
import { createLogger, healthRoutes, listen } from '@ems/service-runtime';
import { membershipCardAttachments } from '../domain/cards/cardAttachments';
import { Outbox } from '../domain/email/outbox';
import { createMailTransport } from '../domain/email/transport';
import { queueDueMessages, type LifeSettings, type SweepResult } from '../domain/life/dueMessages';
import { memberLinksUrl } from '../env';
import type { MembershipWorkerEnv } from './env';
import { createMembershipQueue, SCHEDULED_MESSAGES } from './queue';

export interface MembershipWorkerOptions {
  /** What the worker takes for now (tests move it through a membership's life); default the system clock. */
  clock?: () => Date;
  /** Told after each sweep (tests wait for it). */
  onSweep?: (result: SweepResult) => void;
  /**
   * Agenda's poll interval and the sweep's lock lifetime. Agenda checks a running job's lock in a
   * timer of half the larger of them that it does not cancel when the job ends: a process that
   * stops keeps running that long (tests in the same process shorten both).
   */
  agendaTimings?: { processEveryMs: number; lockLifetimeMs: number };
}

const AGENDA_TIMINGS = { processEveryMs: 30_000, lockLifetimeMs: 60_000 };

export interface RunningMembershipWorker {
  /** The health endpoint (`/actuator/health`), for the launcher and liveness checks. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The membership worker (docs/membership-life.md): an Agenda job, repeated every
 * MEMBERSHIP_MESSAGES_EVERY_SECONDS and run at once on start, queues the membership's scheduled
 * messages that are due (welcome, expiry reminder, renewal prompt) into the outbox, and this
 * process's outbox sender sends them and every other queued e-mail: it is the only sender (the
 * payment confirmations and their membership cards too), woken at each commit that queues mail.
 * Any number may run against one database: Agenda runs the sweep on one at a time, the key
 * written with each message keeps two sweeps from sending it twice, and the senders claim rows
 * with SKIP LOCKED.
 */
export async function startMembershipWorker(
  env: MembershipWorkerEnv,
  options: MembershipWorkerOptions = {},
): Promise<RunningMembershipWorker> {
  const clock = options.clock ?? (() => new Date());
  const logger = createLogger('membership-worker', env.LOG_LEVEL);
  const db = createKnex(env.DATABASE_URL, { poolMax: 4, applicationName: 'ems-membership-worker' });
  await migrateLatest(db);
  const linksBase = memberLinksUrl(env);
  const settings: LifeSettings = { linksBase, expiryReminderDays: env.MEMBERSHIP_EXPIRY_REMINDER_DAYS };
  const outbox = new Outbox(db, createMailTransport(env.SMTP_URL), {
    from: env.MAIL_FROM,
    logger,
    retryIntervalMs: env.OUTBOX_RETRY_SECONDS * 1000,
    attachments: membershipCardAttachments(linksBase),
  });
  const timings = options.agendaTimings ?? AGENDA_TIMINGS;
  const queue = createMembershipQueue(env.DATABASE_URL, `membership-worker-${process.pid}`, logger, timings.processEveryMs);
  // Stopping ends a sweep between two messages; the next sweep, here or on another worker, goes on.
  const stopping = new AbortController();
  let sweeping: Promise<unknown> = Promise.resolve();
  queue.agenda.define(
    SCHEDULED_MESSAGES,
    async (job) => {
      const sweep = queueDueMessages(db, settings, clock(), { signal: stopping.signal });
      sweeping = sweep.catch(() => undefined);
      // A long sweep keeps its lock; one whose worker died is taken over when the lock runs out.
      const keepAlive = setInterval(() => void job.touch().catch(() => undefined), timings.lockLifetimeMs / 3);
      const result = await sweep.finally(() => clearInterval(keepAlive));
      const queued = Object.values(result.queued).reduce((a, b) => a + b, 0);
      if (queued > 0) logger.info({ queued: result.queued }, 'scheduled messages queued');
      for (const f of result.failed)
        logger.error({ err: f.error, kind: f.kind, personId: f.personId, periodId: f.periodId }, 'scheduled message not queued');
      options.onSweep?.(result);
    },
    // The runs on start are one-time jobs: removed when done (the repeating one stays).
    { concurrency: 1, lockLifetime: timings.lockLifetimeMs, removeOnComplete: true },
  );
  await queue.agenda.start();
  // One repeating job for every worker (Agenda keeps it as a single row, whose next run a restart
  // leaves as it was), and one sweep now: what fell due while no worker ran goes out on start.
  await queue.agenda.every(`${env.MEMBERSHIP_MESSAGES_EVERY_SECONDS} seconds`, SCHEDULED_MESSAGES);
  await queue.agenda.now(SCHEDULED_MESSAGES);
  // Mail goes out as soon as the transaction that queued it commits (the trigger on the emails
  // table notifies); listening before the first pass, so nothing queued in between waits. A lost
  // connection kicks a pass too, and the periodic pass retries failures and covers any gap.
  const queuedMail = new ChannelListener(db, EMAILS_QUEUED_CHANNEL, () => outbox.kick());
  await queuedMail.start();
  // E-mails queued before a restart, or while the mail server was down, go out now.
  outbox.start();

  const health = express();
  health.disable('x-powered-by');
  health.use(healthRoutes(db, 'membership-worker'));
  const server = await listen(health, env.MEMBERSHIP_WORKER_PORT, env.HOST);
  const address = server.address();
  const url = `http://${env.HOST}:${typeof address === 'object' && address ? address.port : env.MEMBERSHIP_WORKER_PORT}`;
  logger.info({ url, linksBase, expiryReminderDays: env.MEMBERSHIP_EXPIRY_REMINDER_DAYS }, 'membership worker started');
  return {
    url,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A sweep under way ends after its current message (each is one transaction) before the pool closes.
      stopping.abort();
      await sweeping;
      await queue.close();
      queuedMail.close();
      await outbox.stop();
      await db.destroy();
    },
  };
}
