import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import {
  DAY_BEFORE_REMINDER,
  DAY_BEFORE_RENEWAL,
  LIFE_SECRET,
  lifeClub,
  order,
  PAID_AT,
  REMINDER_DUE,
  RENEWAL_OPENS,
} from '../../testing/lifeFixtures';
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtpServer';
import { membershipCardAttachments } from '../cards/cardAttachments';
import { Outbox } from '../email/outbox';
import { createMailTransport } from '../email/transport';
import { checkUserHash } from '../userHash';
import { queueDueMessages, type LifeSettings } from './dueMessages';
import { reminderSubscription, unsubscribeFromReminders } from './unsubscribe';

/**
 * The membership's scheduled messages (docs/membership-life.md) on a controlled clock: each is
 * queued once per person, kind and period, when it falls due and not before, whatever runs the
 * sweep and how often; never a reminder to a member who unsubscribed or already renewed. The
 * messages go through the real outbox to a real SMTP server.
 */
const PORTAL = 'https://portal.example';
const settings: LifeSettings = { linksBase: PORTAL, expiryReminderDays: 42 };
const silent = { warn: () => undefined, error: () => undefined };

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let smtp: TestSmtpServer;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
  await db.drop();
});

const sweep = (at: string, options?: { maxMessages?: number }) => queueDueMessages(knex, settings, new Date(at), options);

/** The scheduled messages queued to an address: kind and subject, oldest first. */
async function queuedTo(
  address: string,
): Promise<Array<{ kind: string; subject: string; textBody: string; unsubscribeUrl: string | null }>> {
  return knex('membership.emails')
    .where({ toAddress: address })
    .whereIn('kind', ['membership_welcome', 'membership_expiry_reminder', 'membership_renewal_prompt'])
    .orderBy('id')
    .select('kind', 'subject', 'textBody', 'unsubscribeUrl');
}

/** Sends everything queued through the outbox to the SMTP server; the mails received for `address`. */
async function deliveredTo(address: string) {
  const outbox = new Outbox(knex, createMailTransport(smtp.url), {
    from: 'club@example.org',
    logger: silent,
    attachments: membershipCardAttachments(PORTAL),
  });
  await outbox.flush();
  await outbox.stop();
  return smtp.received.filter((m) => m.to.includes(address));
}

describe('scheduled messages of a membership', () => {
  it('welcome: one per member on activation, to the account that paid, through the outbox and SMTP; never again', async () => {
    const club = await lifeClub(knex);
    const first = await sweep('2026-03-01T10:05:00Z');
    expect(first.complete).toBe(true);

    const family = await queuedTo(club.familyAddress);
    expect(family.map((e) => [e.kind, e.subject])).toEqual([
      ['membership_welcome', 'Welcome to Test Club, Fiona'],
      ['membership_welcome', 'Welcome to Test Club, Finn'],
    ]);
    const [fionaNumber, finnNumber] = (
      await knex('membership.memberships')
        .whereIn('personId', [club.family.self, club.family.child])
        .where({ periodId: club.periodId })
        .orderBy('id')
        .select('membershipNumber')
    ).map((m: { membershipNumber: string }) => m.membershipNumber);
    expect(family[0]!.textBody).toContain(`Membership number: ${fionaNumber} (Individual), valid until 31 December 2026.`);
    expect(family[1]!.textBody).toContain(finnNumber);
    // Not a reminder: no unsubscribe link.
    expect(family.every((e) => e.unsubscribeUrl === null)).toBe(true);
    expect((await queuedTo(club.strangerAddress)).map((e) => e.subject)).toEqual(['Welcome to Test Club, Sam']);

    // Later sweeps, and a sweep a week later, send nothing more.
    for (const at of ['2026-03-01T10:06:00Z', '2026-03-02T00:00:00Z', '2026-03-20T00:00:00Z']) await sweep(at);
    expect(await queuedTo(club.familyAddress)).toHaveLength(2);

    const mails = await deliveredTo(club.familyAddress);
    expect(mails.filter((m) => m.parsed.subject?.startsWith('Welcome to Test Club')).map((m) => m.parsed.subject)).toEqual([
      'Welcome to Test Club, Fiona',
      'Welcome to Test Club, Finn',
    ]);
  });

  it('welcome: none for a membership paid longer ago than the welcome window (e.g. the worker was down for weeks)', async () => {
    const club = await lifeClub(knex);
    await sweep('2026-03-09T10:00:01Z');
    expect(await queuedTo(club.strangerAddress)).toEqual([]);
  });

  it('renewal prompt: when next period opens and not a day before, with a signed link for the account it goes to', async () => {
    const club = await lifeClub(knex);
    await sweep(PAID_AT);
    await sweep(DAY_BEFORE_RENEWAL);
    expect((await queuedTo(club.familyAddress)).map((e) => e.kind)).toEqual(['membership_welcome', 'membership_welcome']);

    await sweep(RENEWAL_OPENS);
    await sweep(RENEWAL_OPENS);
    const prompts = (await queuedTo(club.familyAddress)).filter((e) => e.kind === 'membership_renewal_prompt');
    expect(prompts.map((e) => e.subject)).toEqual([
      'Test Club: registration for Season 2027 is open',
      'Test Club: registration for Season 2027 is open',
    ]);
    expect(prompts[0]!.textBody).toContain('Fiona');
    expect(prompts[1]!.textBody).toContain('Finn');
    // The link signs in the family's account (whose address it goes to), as the club's website would.
    const link = new URL(/Renew for Season 2027 here: (\S+)/.exec(prompts[0]!.textBody)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PORTAL}/membership/register/${club.nextPeriodId}`);
    expect(link.searchParams.get('u')).toBe(club.family.userKey);
    expect(checkUserHash('md5', [LIFE_SECRET], { userKey: link.searchParams.get('u')!, userHash: link.searchParams.get('h')! })).toEqual({
      ok: true,
    });

    const mails = (await deliveredTo(club.familyAddress)).filter((m) => m.parsed.subject?.includes('Season 2027 is open'));
    expect(mails).toHaveLength(2);
    // Reminders carry their unsubscribe link as a header too (RFC 8058 one-click).
    expect(mails[0]!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mails[0]!.raw).toMatch(
      /List-Unsubscribe:\s+<https:\/\/portal\.example\/services\/admin-service\/membership\/reminders\/unsubscribe\?t=[0-9a-f-]{36}>/,
    );
  });

  it('expiry reminder: from 42 days before the period ends, once; not to a member who has registered for the next period', async () => {
    const club = await lifeClub(knex);
    // Sam registers for 2027 before the reminder is due (not yet paid: registered all the same).
    await order(knex, club, club.stranger.accountId, [club.stranger.self], club.nextPeriodId, '2026-10-15');
    await sweep(PAID_AT);
    await sweep(RENEWAL_OPENS);
    await sweep(DAY_BEFORE_REMINDER);
    const reminders = async () => (await queuedTo(club.familyAddress)).filter((e) => e.kind === 'membership_expiry_reminder');
    expect(await reminders()).toEqual([]);

    await sweep(REMINDER_DUE);
    await sweep('2026-12-30T00:00:00Z');
    expect((await reminders()).map((e) => e.subject)).toEqual([
      "Test Club: Fiona's membership ends on 31 December 2026",
      "Test Club: Finn's membership ends on 31 December 2026",
    ]);
    // Next period is open: the reminder links its registration.
    expect((await reminders())[0]!.textBody).toContain(`${PORTAL}/membership/register/${club.nextPeriodId}?u=`);
    // Sam renewed: welcome only, no prompt, no reminder.
    expect((await queuedTo(club.strangerAddress)).map((e) => e.kind)).toEqual(['membership_welcome']);
  });

  it('unsubscribed: no more reminders for that person (the link in a reminder), the others still get theirs; the welcome is not a reminder', async () => {
    const club = await lifeClub(knex);
    await sweep(PAID_AT);
    await sweep(RENEWAL_OPENS);
    const finnsPrompt = (await queuedTo(club.familyAddress)).find(
      (e) => e.kind === 'membership_renewal_prompt' && e.textBody.includes('Finn'),
    );
    const token = new URL(finnsPrompt!.unsubscribeUrl!).searchParams.get('t');
    // Opening the link changes nothing (mail scanners follow links); the button's POST does, once.
    expect(await reminderSubscription(knex, token)).toEqual({ found: true, firstName: 'Finn', unsubscribed: false });
    expect(await unsubscribeFromReminders(knex, token)).toEqual({ found: true, firstName: 'Finn', unsubscribed: true });
    expect(await unsubscribeFromReminders(knex, token)).toEqual({ found: true, firstName: 'Finn', unsubscribed: true });
    expect(await unsubscribeFromReminders(knex, 'not-a-token')).toEqual({ found: false });

    // Sam unsubscribed too (his preference set by hand, as his own link would).
    await knex('membership.reminderPreferences')
      .insert({ personId: club.stranger.self, unsubscribedAt: new Date(PAID_AT) })
      .onConflict('personId')
      .merge(['unsubscribedAt']);

    await sweep(REMINDER_DUE);
    const family = await queuedTo(club.familyAddress);
    expect(family.filter((e) => e.kind === 'membership_expiry_reminder').map((e) => e.subject)).toEqual([
      "Test Club: Fiona's membership ends on 31 December 2026",
    ]);
    // Sam's prompt went out before he unsubscribed; no reminder after.
    expect((await queuedTo(club.strangerAddress)).map((e) => e.kind)).toEqual(['membership_welcome', 'membership_renewal_prompt']);
    const delivered = await deliveredTo(club.strangerAddress);
    expect(delivered.map((m) => m.parsed.subject)).toEqual(expect.arrayContaining(['Welcome to Test Club, Sam']));
    expect(delivered.some((m) => m.parsed.subject?.includes('membership ends'))).toBe(false);
  });

  it('a sweep stopped in the middle leaves whole messages, and the next one sends only the rest: each message once', async () => {
    const club = await lifeClub(knex);
    await sweep(PAID_AT);
    // Stopped after one message (a crash, a restart, a worker shutting down), then run again.
    const stopped = await sweep(REMINDER_DUE, { maxMessages: 1 });
    expect(stopped.complete).toBe(false);
    const afterStop = await queuedTo(club.familyAddress);
    const again = await sweep(REMINDER_DUE);
    expect(again.complete).toBe(true);
    const all = await queuedTo(club.familyAddress);
    expect(all.length).toBeGreaterThan(afterStop.length);
    const keys = await knex('membership.memberMessages')
      .whereIn('personId', [club.family.self, club.family.child])
      .select('personId', 'kind', 'periodId', 'emailId');
    // welcome x2, renewal prompt x2, expiry reminder x2; every key with its e-mail.
    expect(keys).toHaveLength(6);
    expect(all).toHaveLength(6);
    expect(keys.every((k) => k.emailId !== null)).toBe(true);
  });

  it('two sweeps at the same time (two workers) queue each message once', async () => {
    const club = await lifeClub(knex);
    const results = await Promise.all([sweep(PAID_AT), sweep(PAID_AT), sweep(PAID_AT)]);
    const welcomes = results.map((r) => r.queued.welcome);
    expect((await queuedTo(club.familyAddress)).map((e) => e.subject)).toEqual([
      'Welcome to Test Club, Fiona',
      'Welcome to Test Club, Finn',
    ]);
    expect(welcomes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    expect(results.every((r) => r.failed.length === 0)).toBe(true);
  });
});
