import { camelCaseRows } from '@ems/db';
import type { MemberMessageKind } from '../domain/life/kinds';
import type { Db } from './db';
import type { MemberType } from './memberships';

/**
 * A message that is due: the person, the membership it is about, and the account it goes to (the
 * account that registered the membership, else the one linked to the person as self, else any
 * linked one) with its address (the account's, else the account person's).
 */
export interface MessageCandidate {
  kind: MemberMessageKind;
  personId: number;
  /** The period of the key: the membership's, or for a renewal prompt the next one. */
  periodId: number;
  membershipId: number;
  orderId: number | null;
  memberType: MemberType;
  firstName: string;
  lastName: string;
  membershipNumber: string;
  membershipType: string;
  organisationName: string;
  periodName: string;
  endsOn: string;
  /** The period after the membership's, when it exists and takes registrations today. */
  nextPeriodId: number | null;
  nextPeriodName: string | null;
  nextClosesOn: string | null;
  registrationSystemId: number;
  toAddress: string;
  recipientFirstName: string | null;
  userKey: string;
}

/** Everything a message shows, for memberships `m` (joined to its person, period, organisation and type). */
const SELECT = `
  SELECT ?::text AS kind, m.person_id, m.id AS membership_id, m.order_id, m.member_type,
         p.first_name, p.last_name, m.membership_number, mt.name AS membership_type,
         org.name AS organisation_name, org.registration_system_id, pe.name AS period_name,
         to_char(pe.ends_on, 'YYYY-MM-DD') AS ends_on,
         np.id AS next_period_id, np.name AS next_period_name, to_char(np.registration_closes_on, 'YYYY-MM-DD') AS next_closes_on,
         acc.email AS to_address, acc.first_name AS recipient_first_name, acc.external_user_id AS user_key`;

const JOINS = `
  JOIN membership.persons p ON p.id = m.person_id
  JOIN membership.membership_periods pe ON pe.id = m.period_id
  JOIN membership.organisations org ON org.id = pe.organisation_id
  JOIN membership.membership_types mt ON mt.id = m.membership_type_id
  LEFT JOIN membership.orders o ON o.id = m.order_id
  JOIN LATERAL (
    SELECT a.external_user_id, coalesce(a.email, ap.email) AS email, ap.first_name
      FROM membership.accounts a
      LEFT JOIN membership.persons ap ON ap.id = a.person_id
     WHERE a.disabled_at IS NULL
       AND (a.id = o.account_id
            OR (o.id IS NULL AND a.id IN (SELECT lp.account_id FROM membership.linked_persons lp WHERE lp.person_id = m.person_id)))
     ORDER BY a.id = o.account_id DESC NULLS LAST, a.person_id = m.person_id DESC NULLS LAST, a.id
     LIMIT 1
  ) acc ON acc.email IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT n.id, n.name, n.registration_closes_on
      FROM membership.membership_periods n
     WHERE n.previous_period_id = m.period_id AND n.status = 'open'
       AND n.registration_opens_on <= ?::date AND n.registration_closes_on >= ?::date
     ORDER BY n.starts_on
     LIMIT 1
  ) np ON true`;

const NOT_SENT = (kind: MemberMessageKind, periodColumn: string) => `
  NOT EXISTS (SELECT 1 FROM membership.member_messages mm
               WHERE mm.person_id = m.person_id AND mm.kind = '${kind}' AND mm.period_id = ${periodColumn})`;

const NOT_UNSUBSCRIBED = `
  NOT EXISTS (SELECT 1 FROM membership.reminder_preferences rp WHERE rp.person_id = m.person_id AND rp.unsubscribed_at IS NOT NULL)`;

/** A live (not cancelled) membership of the person in a period following the membership's. */
const NOT_RENEWED = `
  NOT EXISTS (SELECT 1 FROM membership.memberships r
                JOIN membership.membership_periods rn ON rn.id = r.period_id
               WHERE r.person_id = m.person_id AND rn.previous_period_id = m.period_id AND r.status <> 'cancelled')`;

/** Memberships paid for since `since` whose person has had no welcome for the period. */
export async function dueWelcomes(db: Db, o: { since: Date; today: string; limit: number }): Promise<MessageCandidate[]> {
  const result = await db.raw(
    `${SELECT}, m.period_id AS period_id
       FROM membership.memberships m ${JOINS}
      WHERE m.status = 'active' AND m.order_id IS NOT NULL AND m.activated_at >= ?
        AND ${NOT_SENT('welcome', 'm.period_id')}
      ORDER BY m.activated_at, m.id
      LIMIT ?`,
    ['welcome', o.today, o.today, o.since, o.limit],
  );
  return camelCaseRows<MessageCandidate>(result);
}

/**
 * Active memberships whose period ends within `leadDays` of `today` (and has not ended), whose
 * person has not registered for the next period, wants reminders and has had none for the period.
 */
export async function dueExpiryReminders(db: Db, o: { today: string; leadDays: number; limit: number }): Promise<MessageCandidate[]> {
  const result = await db.raw(
    `${SELECT}, m.period_id AS period_id
       FROM membership.memberships m ${JOINS}
      WHERE m.status = 'active' AND pe.ends_on >= ?::date AND pe.ends_on - ?::int <= ?::date
        AND ${NOT_SENT('expiry_reminder', 'm.period_id')} AND ${NOT_RENEWED} AND ${NOT_UNSUBSCRIBED}
      ORDER BY m.id
      LIMIT ?`,
    ['expiry_reminder', o.today, o.today, o.today, o.leadDays, o.today, o.limit],
  );
  return camelCaseRows<MessageCandidate>(result);
}

/**
 * Members of a period whose next period takes registrations today, who have not registered for it,
 * want reminders and have had no prompt for it. The key's period is the next one.
 */
export async function dueRenewalPrompts(db: Db, o: { today: string; limit: number }): Promise<MessageCandidate[]> {
  const result = await db.raw(
    `${SELECT}, np.id AS period_id
       FROM membership.memberships m ${JOINS}
      WHERE m.status = 'active' AND np.id IS NOT NULL
        AND ${NOT_SENT('renewal_prompt', 'np.id')} AND ${NOT_RENEWED} AND ${NOT_UNSUBSCRIBED}
      ORDER BY m.id
      LIMIT ?`,
    ['renewal_prompt', o.today, o.today, o.limit],
  );
  return camelCaseRows<MessageCandidate>(result);
}

/**
 * Claims the message (person, kind, period): true when this transaction wrote the key, false when
 * it was there (sent before, or by a concurrent sweep, which this insert waited for).
 */
export async function claimMemberMessage(
  db: Db,
  key: { personId: number; kind: MemberMessageKind; periodId: number; membershipId: number },
): Promise<boolean> {
  const rows = await db('membership.memberMessages')
    .insert(key)
    .onConflict(['personId', 'kind', 'periodId'])
    .ignore()
    .returning('personId');
  return rows.length > 0;
}

export async function setMemberMessageEmail(
  db: Db,
  key: { personId: number; kind: MemberMessageKind; periodId: number },
  emailId: number,
): Promise<void> {
  await db('membership.memberMessages').where(key).update({ emailId });
}

/**
 * The person's reminder preference, made on first use, locked until the caller's transaction ends
 * (an unsubscribe at the same moment waits, or is waited for).
 */
export async function lockReminderPreference(db: Db, personId: number): Promise<{ token: string; unsubscribedAt: Date | null }> {
  const result = await db.raw(
    `INSERT INTO membership.reminder_preferences AS rp (person_id) VALUES (?)
     ON CONFLICT (person_id) DO UPDATE SET person_id = rp.person_id
     RETURNING token, unsubscribed_at`,
    [personId],
  );
  return camelCaseRows<{ token: string; unsubscribedAt: Date | null }>(result)[0] as { token: string; unsubscribedAt: Date | null };
}

/** Turns the reminders of the token's person off (once; later calls keep the first time). */
export async function unsubscribeReminders(db: Db, token: string): Promise<{ personId: number; firstName: string } | null> {
  const result = await db.raw(
    `UPDATE membership.reminder_preferences rp SET unsubscribed_at = coalesce(rp.unsubscribed_at, now())
       FROM membership.persons p
      WHERE rp.token = ? AND p.id = rp.person_id
     RETURNING rp.person_id, p.first_name`,
    [token],
  );
  return camelCaseRows<{ personId: number; firstName: string }>(result)[0] ?? null;
}

/** Whose reminders the token turns off, and whether they are off already. */
export async function reminderPreferenceByToken(
  db: Db,
  token: string,
): Promise<{ personId: number; firstName: string; unsubscribedAt: Date | null } | null> {
  const row = await db('membership.reminderPreferences as rp')
    .join('membership.persons as p', 'p.id', 'rp.personId')
    .where('rp.token', token)
    .first('rp.personId', 'p.firstName', 'rp.unsubscribedAt');
  return row ?? null;
}
