import type { Knex } from 'knex';
import { EMAILS_QUEUED_CHANNEL } from '../src/emailsQueued';

/**
 * Only the membership worker sends e-mail (docs/payments.md, "E-mail: the outbox"): a statement
 * that queues e-mail notifies it, once per statement however many rows, and the notification
 * arrives when the inserting transaction commits (never for one rolled back).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION membership.notify_emails_queued() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_notify('${EMAILS_QUEUED_CHANNEL}', '');
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(`
    CREATE TRIGGER emails_queued_notify AFTER INSERT ON membership.emails
    FOR EACH STATEMENT EXECUTE FUNCTION membership.notify_emails_queued()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER emails_queued_notify ON membership.emails');
  await knex.raw('DROP FUNCTION membership.notify_emails_queued()');
}
