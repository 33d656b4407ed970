import type { Knex } from '@ems/db';
import { queueEmail } from '../../data/emails';
import {
  claimMemberMessage,
  dueExpiryReminders,
  dueRenewalPrompts,
  dueWelcomes,
  lockReminderPreference,
  setMemberMessageEmail,
  type MessageCandidate,
} from '../../data/memberMessages';
import { findTenantAuthSettings, type TenantAuthSettings } from '../../data/tenants';
import { todayIso } from '../clock';
import { unsubscribeUrl } from '../memberLinks';
import { EMAIL_KIND, MEMBER_MESSAGE_KINDS, REMINDER_KINDS, type MemberMessageKind } from './kinds';
import { expiryReminderEmail, renewalPromptEmail, welcomeEmail, type MessageLinks } from './messages';
import { renewalLink } from './renewalLink';

export interface LifeSettings {
  /** MEMBER_LINKS_URL: the base of every link in the messages. */
  linksBase: string;
  /** The expiry reminder is due this many days before the period's last day. */
  expiryReminderDays: number;
  /** Candidates read per query. */
  batchSize?: number;
}

/** A welcome later than this after the payment would be odd (e.g. the worker was down for weeks): it is left out. */
export const WELCOME_WITHIN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  queued: Record<MemberMessageKind, number>;
  /** Messages whose transaction failed; they stay due and are tried by the next sweep. */
  failed: Array<{ kind: MemberMessageKind; personId: number; periodId: number; error: unknown }>;
  /** False when `maxMessages` or the signal (a worker stopping) ended the sweep with messages perhaps still due. */
  complete: boolean;
}

type Outcome = 'queued' | 'sent_before' | 'unsubscribed';

/**
 * Queues every message that is due at `now` (docs/membership-life.md): welcomes for memberships
 * paid for in the last WELCOME_WITHIN_DAYS, expiry reminders from `expiryReminderDays` before a
 * period's end, renewal prompts while the next period takes registrations. Each message is its
 * own transaction writing the key (person, kind, period) and the outbox row together, so a sweep
 * stopped anywhere (a crash, a restart, `maxMessages`) leaves whole messages, and any number of
 * sweeps, at once or one after another, send each message once.
 */
export async function queueDueMessages(
  db: Knex,
  settings: LifeSettings,
  now: Date,
  options: { maxMessages?: number; signal?: AbortSignal } = {},
): Promise<SweepResult> {
  const today = todayIso(now);
  const limit = settings.batchSize ?? 200;
  const tenants = new Map<number, Promise<TenantAuthSettings | null>>();
  const tenantOf = (id: number) => {
    let found = tenants.get(id);
    if (!found) tenants.set(id, (found = findTenantAuthSettings(db, id)));
    return found;
  };
  const due: Record<MemberMessageKind, () => Promise<MessageCandidate[]>> = {
    welcome: () => dueWelcomes(db, { since: new Date(now.getTime() - WELCOME_WITHIN_DAYS * DAY_MS), today, limit }),
    expiry_reminder: () => dueExpiryReminders(db, { today, leadDays: settings.expiryReminderDays, limit }),
    renewal_prompt: () => dueRenewalPrompts(db, { today, limit }),
  };
  const queued: Record<MemberMessageKind, number> = { welcome: 0, expiry_reminder: 0, renewal_prompt: 0 };
  const failed: SweepResult['failed'] = [];
  let total = 0;
  for (const kind of MEMBER_MESSAGE_KINDS) {
    const seen = new Set<string>();
    for (;;) {
      // Every candidate handled leaves the query's answer (key written, or unsubscribed); one that
      // comes back failed, and is left for the next sweep.
      const batch = (await due[kind]()).filter((c) => !seen.has(`${c.personId}:${c.periodId}`));
      if (batch.length === 0) break;
      for (const candidate of batch) {
        const stop = options.signal?.aborted || (options.maxMessages !== undefined && total >= options.maxMessages);
        if (stop) return { queued, failed, complete: false };
        seen.add(`${candidate.personId}:${candidate.periodId}`);
        try {
          const tenant = candidate.nextPeriodId !== null ? await tenantOf(candidate.registrationSystemId) : null;
          if ((await queueMemberMessage(db, candidate, settings, tenant)) === 'queued') {
            queued[kind] += 1;
            total += 1;
          }
        } catch (error) {
          failed.push({ kind, personId: candidate.personId, periodId: candidate.periodId, error });
        }
      }
    }
  }
  return { queued, failed, complete: true };
}

/** One message in one transaction: the preference (reminders), the key, the outbox row. */
async function queueMemberMessage(
  db: Knex,
  c: MessageCandidate,
  settings: LifeSettings,
  tenant: TenantAuthSettings | null,
): Promise<Outcome> {
  return db.transaction(async (trx) => {
    const links: MessageLinks = { registration: null, registrationSigned: false, unsubscribe: null };
    if (REMINDER_KINDS.has(c.kind)) {
      // Locked: an unsubscribe arriving now is either seen here or waits for this message.
      const preference = await lockReminderPreference(trx, c.personId);
      if (preference.unsubscribedAt) return 'unsubscribed';
      links.unsubscribe = unsubscribeUrl(settings.linksBase, preference.token);
    }
    const key = { personId: c.personId, kind: c.kind, periodId: c.periodId };
    if (!(await claimMemberMessage(trx, { ...key, membershipId: c.membershipId }))) return 'sent_before';
    if (c.nextPeriodId !== null) {
      const link = renewalLink(settings.linksBase, c.nextPeriodId, tenant, c.userKey);
      links.registration = link.url;
      links.registrationSigned = link.signed;
    }
    const email =
      c.kind === 'welcome' ? welcomeEmail(c) : c.kind === 'expiry_reminder' ? expiryReminderEmail(c, links) : renewalPromptEmail(c, links);
    const emailId = await queueEmail(trx, {
      toAddress: c.toAddress,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      kind: EMAIL_KIND[c.kind],
      orderId: c.orderId,
      unsubscribeUrl: links.unsubscribe,
    });
    await setMemberMessageEmail(trx, key, emailId);
    return 'queued';
  });
}
