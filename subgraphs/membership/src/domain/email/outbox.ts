import type { Knex } from '@ems/db';
import type { Logger } from '@ems/service-runtime';
import { claimQueuedEmails, markEmailAttemptFailed, markEmailSent, type EmailRow } from '../../data/emails';
import type { AttachmentRenderer } from './attachments';
import type { MailTransport } from './transport';

export interface OutboxOptions {
  from: string;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** After this many failed attempts an e-mail is marked failed and left for an operator. */
  maxAttempts?: number;
  /** How often queued e-mails (earlier failures) are tried again. */
  retryIntervalMs?: number;
  /** Renders what e-mails carry by reference (membership cards); an e-mail with attachments and no renderer fails. */
  attachments?: AttachmentRenderer;
}

/**
 * The e-mail outbox: domain code queues rows in its own transaction (`emails`), and this sender
 * delivers them after commit. So an e-mail goes out only for a committed change, and a change is
 * never lost because the mail server was down: queued rows are retried on start and periodically.
 */
export class Outbox {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Knex,
    private readonly transport: MailTransport,
    private readonly options: OutboxOptions,
  ) {}

  /** Sends what is queued, now and then periodically. */
  start(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), this.options.retryIntervalMs ?? 60_000);
    this.timer.unref();
  }

  /** Asks for a send pass soon; passes never overlap, and a kick during a pass causes one more. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.flush()
      .then(() => undefined)
      .catch((err: unknown) => this.options.logger.error({ err }, 'outbox pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when no pass is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.idle();
    this.transport.close();
  }

  private async render(trx: Knex.Transaction, email: EmailRow) {
    if (!this.options.attachments) throw new Error(`e-mail ${email.id} has attachments and this outbox renders none`);
    return this.options.attachments(trx, email.attachments);
  }

  /**
   * One pass over the queue; each e-mail is tried at most once per pass. Returns how many were sent.
   * One e-mail per transaction: claimed, sent, marked and committed before the next, so a worker
   * that dies can send again at most the one e-mail the mail server had accepted and the commit
   * had not yet recorded (at least once, never a batch again).
   */
  async flush(): Promise<number> {
    const tried: number[] = [];
    let sent = 0;
    for (;;) {
      const batch = await this.db.transaction(async (trx) => {
        const emails = await claimQueuedEmails(trx, 1, tried);
        for (const email of emails) {
          tried.push(email.id);
          try {
            await this.transport.send({
              from: this.options.from,
              to: email.toAddress,
              subject: email.subject,
              text: email.textBody,
              ...(email.htmlBody ? { html: email.htmlBody } : {}),
              ...(email.attachments.length ? { attachments: await this.render(trx, email) } : {}),
              ...(email.unsubscribeUrl ? { unsubscribeUrl: email.unsubscribeUrl } : {}),
            });
            await markEmailSent(trx, email.id);
            sent += 1;
          } catch (err) {
            const giveUp = email.attempts + 1 >= (this.options.maxAttempts ?? 5);
            this.options.logger.warn({ err, emailId: email.id, giveUp }, 'e-mail not sent');
            await markEmailAttemptFailed(trx, email.id, err instanceof Error ? err.message : String(err), giveUp);
          }
        }
        return emails.length;
      });
      if (batch === 0) return sent;
    }
  }
}
