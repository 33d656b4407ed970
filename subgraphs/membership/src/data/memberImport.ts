import { camelCaseRows } from '@ems/db';
import type { Db } from './db';
import { ON_RECORDED_AGAIN, RECORD_CHANGES } from './importChanges';
import type { MemberType, MembershipStatus } from './memberships';
import type { NewOrder, NewOrderLine } from './orders';
import type { PeriodRow } from './periods';
import { attachableAccountCondition, reachRelation, type OrganisationReach } from './scope';
import { rawSet } from './sqlSets';

/**
 * Set-based reads and writes of the membership import (M01): each function is one statement for
 * any number of rows (arrays through `unnest`), whatever the chunk holds. Writes given an import
 * job id record what they created or changed in `membership.import_changes` in the same statement
 * (see importChanges.ts), for the job's undo; `key` is the caller's row the record is reported by.
 */

/** The organisation's periods among `ids`, with their pricing rules (one statement). */
export async function periodsOfOrganisation(db: Db, organisationId: number, ids: readonly number[]): Promise<PeriodRow[]> {
  return camelCaseRows<PeriodRow>(
    await rawSet(
      db,
      `SELECT p.id, p.organisation_id, o.registration_system_id, p.name,
              to_char(p.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(p.ends_on, 'YYYY-MM-DD') AS ends_on,
              to_char(p.registration_opens_on, 'YYYY-MM-DD') AS registration_opens_on,
              to_char(p.registration_closes_on, 'YYYY-MM-DD') AS registration_closes_on,
              p.status, p.pricing_rules, p.previous_period_id
         FROM membership.membership_periods p JOIN membership.organisations o ON o.id = p.organisation_id
        WHERE p.organisation_id = ? AND p.id = ANY(?::int[])`,
      [organisationId, ids],
    ),
  );
}

/** Every period of the organisation (newest first) and every active membership type, for the cells stage. */
export async function periodChoices(db: Db, organisationId: number): Promise<Array<{ id: number; name: string; startsOn: string }>> {
  return camelCaseRows(
    await rawSet(
      db,
      `SELECT id, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on
         FROM membership.membership_periods WHERE organisation_id = ? ORDER BY starts_on DESC, id DESC`,
      [organisationId],
    ),
  );
}

export async function activeMembershipTypes(db: Db, organisationId: number): Promise<Array<{ id: number; code: string; name: string }>> {
  return camelCaseRows(
    await rawSet(db, `SELECT id, code, name FROM membership.membership_types WHERE organisation_id = ? AND active ORDER BY id`, [
      organisationId,
    ]),
  );
}

export interface StoredPerson {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

/**
 * The persons of this registration system among `ids`, locked (`FOR UPDATE`, in id order) so that
 * an online registration of one of them waits for the import's chunk and then sees its membership,
 * as two registrations of one person do (lockLinkedPersons).
 */
export async function lockPersons(db: Db, registrationSystemId: number, ids: readonly number[]): Promise<StoredPerson[]> {
  if (ids.length === 0) return [];
  return camelCaseRows<StoredPerson>(
    await rawSet(
      db,
      `SELECT id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, email
         FROM membership.persons WHERE id = ANY(?::int[]) AND registration_system_id = ? ORDER BY id FOR UPDATE`,
      [ids, registrationSystemId],
    ),
  );
}

export interface LiveMembership {
  id: number;
  personId: number;
  periodId: number;
  membershipTypeId: number;
  status: MembershipStatus;
  membershipNumber: string | null;
}

/** The live (not cancelled) memberships of these persons in these periods. */
export async function liveMemberships(db: Db, personIds: readonly number[], periodIds: readonly number[]): Promise<LiveMembership[]> {
  if (personIds.length === 0 || periodIds.length === 0) return [];
  return camelCaseRows<LiveMembership>(
    await rawSet(
      db,
      `SELECT id, person_id, period_id, membership_type_id, status, membership_number
         FROM membership.memberships
        WHERE person_id = ANY(?::int[]) AND period_id = ANY(?::int[]) AND status <> 'cancelled'`,
      [personIds, periodIds],
    ),
  );
}

export interface AccountOfUserKey {
  id: number;
  userKey: string;
  personId: number | null;
  /**
   * Whether the import may attach this account to its organisation (link persons to it, make it a
   * user there): attachableAccountCondition.
   */
  attachable: boolean;
}

/**
 * The accounts of these user keys in the registration system, each with whether an import of
 * `reach`'s organisation may attach it (attachableAccountCondition), in one statement.
 */
export async function accountsByUserKeys(
  db: Db,
  registrationSystemId: number,
  reach: OrganisationReach,
  userKeys: readonly string[],
): Promise<AccountOfUserKey[]> {
  if (userKeys.length === 0) return [];
  const reachRow = reachRelation(reach);
  return camelCaseRows<AccountOfUserKey>(
    await rawSet(
      db,
      `WITH ${reachRow.sql}
       SELECT a.id, a.external_user_id AS user_key, a.person_id, ${attachableAccountCondition('a.id')} AS attachable
         FROM membership.accounts a CROSS JOIN reach
        WHERE a.registration_system_id = ? AND a.external_user_id = ANY(?::text[])`,
      [...reachRow.bindings, registrationSystemId, userKeys],
    ),
  );
}

/** Which of these (period, number) pairs a membership already holds, and whose. */
export async function heldMembershipNumbers(
  db: Db,
  pairs: ReadonlyArray<{ periodId: number; membershipNumber: string }>,
): Promise<Array<{ periodId: number; membershipNumber: string; personId: number }>> {
  if (pairs.length === 0) return [];
  return camelCaseRows(
    await rawSet(
      db,
      `SELECT m.period_id, m.membership_number, m.person_id
         FROM unnest(?::int[], ?::text[]) AS i(period_id, membership_number)
         JOIN membership.memberships m ON m.period_id = i.period_id AND m.membership_number = i.membership_number`,
      [pairs.map((p) => p.periodId), pairs.map((p) => p.membershipNumber)],
    ),
  );
}

/**
 * New accounts (ROLE_USER comes with insertOrgUsers) by user key; a user key that has an account
 * keeps it. Answers the user keys this statement created. A concurrent import that created one
 * first is not in the answer: read it with accountsByUserKeys.
 */
export async function insertAccounts(
  db: Db,
  registrationSystemId: number,
  accounts: ReadonlyArray<{ key: number; userKey: string; personId: number | null; email: string | null }>,
  importJobId: string | null,
): Promise<Array<Omit<AccountOfUserKey, 'attachable'>>> {
  if (accounts.length === 0) return [];
  return camelCaseRows<Omit<AccountOfUserKey, 'attachable'>>(
    await rawSet(
      db,
      `WITH job AS (SELECT ?::uuid AS id),
       src AS (SELECT * FROM unnest(?::int[], ?::text[], ?::int[], ?::text[]) AS s(key, user_key, person_id, email)),
       inserted AS (
         INSERT INTO membership.accounts (registration_system_id, external_user_id, person_id, email)
         SELECT ?, s.user_key, s.person_id, s.email FROM src s ORDER BY s.user_key
         ON CONFLICT (registration_system_id, external_user_id) DO NOTHING
         RETURNING id, external_user_id, person_id, xmin
       ),
       logged AS (
         ${RECORD_CHANGES}
         SELECT job.id, 'accounts', i.id, '', s.key, NULL, NULL, i.xmin
           FROM inserted i JOIN src s ON s.user_key = i.external_user_id CROSS JOIN job WHERE job.id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       )
       SELECT id, external_user_id AS user_key, person_id FROM inserted`,
      [
        importJobId,
        accounts.map((a) => a.key),
        accounts.map((a) => a.userKey),
        accounts.map((a) => a.personId),
        accounts.map((a) => a.email),
        registrationSystemId,
      ],
    ),
  );
}

/**
 * Gives accounts without a person of their own this one (and an e-mail when they have none). With
 * an import job id the account is recorded as it was (read under a row lock) and as it is now.
 */
export async function setAccountPersons(
  db: Db,
  rows: ReadonlyArray<{ key: number; accountId: number; personId: number; email: string | null }>,
  importJobId: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  await rawSet(
    db,
    `WITH job AS (SELECT ?::uuid AS id),
     src AS (SELECT * FROM unnest(?::int[], ?::int[], ?::int[], ?::text[]) AS s(key, account_id, person_id, email)),
     updated AS (
       UPDATE membership.accounts a
          SET person_id = s.person_id, email = coalesce(a.email, s.email), updated_at = now()
         FROM src s,
              (SELECT o.id, to_jsonb(o) AS before FROM membership.accounts o WHERE o.id IN (SELECT account_id FROM src) FOR NO KEY UPDATE) old
        WHERE a.id = s.account_id AND old.id = s.account_id AND a.person_id IS NULL
       RETURNING a.id, a.xmin, s.key, old.before, to_jsonb(a) AS after
     )
     ${RECORD_CHANGES}
     SELECT job.id, 'accounts', x.id, '', x.key, x.before, x.after, x.xmin FROM updated x CROSS JOIN job WHERE job.id IS NOT NULL
     ${ON_RECORDED_AGAIN}`,
    [importJobId, rows.map((r) => r.key), rows.map((r) => r.accountId), rows.map((r) => r.personId), rows.map((r) => r.email)],
  );
}

/**
 * Makes the accounts users (OrgUser, ROLE_USER) of the organisation, which online registration
 * for its periods requires; an account that already is one keeps its roles. The organisation is
 * the account's primary one when it has no other. A self-registered account's blanket row there
 * (`club_user_since` null) becomes the club's own: the club now takes the account on, so its
 * persons are the club's from now on (docs/decisions.md, "Self-registered accounts"). With an
 * import job id both are logged: a new row as created, a blanket row as it was and as it is now,
 * so that an undo deletes the one and makes the other a blanket row again.
 */
export async function insertOrgUsers(
  db: Db,
  organisationId: number,
  accounts: ReadonlyArray<{ key: number; accountId: number }>,
  importJobId: string | null,
): Promise<void> {
  if (accounts.length === 0) return;
  await rawSet(
    db,
    `WITH job AS (SELECT ?::uuid AS id, ?::int AS organisation_id),
     src AS (SELECT * FROM unnest(?::int[], ?::int[]) AS s(key, account_id)),
     claimed AS (
       UPDATE membership.org_users u SET club_user_since = now(), updated_at = now()
         FROM src s, job,
              (SELECT o.id, to_jsonb(o) AS before FROM membership.org_users o
                WHERE o.account_id IN (SELECT account_id FROM src) AND o.organisation_id = ? AND o.club_user_since IS NULL
                ORDER BY o.id FOR NO KEY UPDATE) old
        WHERE u.id = old.id AND u.account_id = s.account_id AND u.organisation_id = job.organisation_id AND u.club_user_since IS NULL
       RETURNING u.id, u.xmin, s.key, old.before, to_jsonb(u) AS after
     ),
     inserted AS (
       INSERT INTO membership.org_users (account_id, organisation_id, roles, is_primary)
       SELECT s.account_id, job.organisation_id, '{ROLE_USER}'::text[], NOT EXISTS (SELECT 1 FROM membership.org_users o WHERE o.account_id = s.account_id)
         FROM src s CROSS JOIN job ORDER BY s.account_id
       ON CONFLICT (account_id, organisation_id) DO NOTHING
       RETURNING id, account_id, xmin
     )
     ${RECORD_CHANGES}
     SELECT job.id, 'org_users', i.id, '', s.key, NULL, NULL, i.xmin
       FROM inserted i JOIN src s USING (account_id) CROSS JOIN job WHERE job.id IS NOT NULL
     UNION ALL
     SELECT job.id, 'org_users', c.id, '', c.key, c.before, c.after, c.xmin FROM claimed c CROSS JOIN job WHERE job.id IS NOT NULL
     ${ON_RECORDED_AGAIN}`,
    [importJobId, organisationId, accounts.map((a) => a.key), accounts.map((a) => a.accountId), organisationId],
  );
}

/** LinkedPerson rows (self first, as a registration lists them); answers the links that are new. */
export async function insertLinks(
  db: Db,
  links: ReadonlyArray<{ key: number; accountId: number; personId: number; relationship: string }>,
  importJobId: string | null,
): Promise<Array<{ accountId: number; personId: number }>> {
  if (links.length === 0) return [];
  return camelCaseRows(
    await rawSet(
      db,
      `WITH job AS (SELECT ?::uuid AS id),
       src AS (SELECT * FROM unnest(?::int[], ?::int[], ?::int[], ?::text[]) WITH ORDINALITY AS s(key, account_id, person_id, relationship, n)),
       inserted AS (
         INSERT INTO membership.linked_persons (account_id, person_id, relationship)
         SELECT s.account_id, s.person_id, s.relationship FROM src s ORDER BY s.relationship <> 'self', s.n
         ON CONFLICT (account_id, person_id) DO NOTHING
         RETURNING id, account_id, person_id, xmin
       ),
       logged AS (
         ${RECORD_CHANGES}
         SELECT job.id, 'linked_persons', i.id, '', s.key, NULL, NULL, i.xmin
           FROM inserted i JOIN src s USING (account_id, person_id) CROSS JOIN job WHERE job.id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       )
       SELECT account_id, person_id FROM inserted`,
      [importJobId, links.map((l) => l.key), links.map((l) => l.accountId), links.map((l) => l.personId), links.map((l) => l.relationship)],
    ),
  );
}

export async function nextOrderIds(db: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.raw(`SELECT nextval(pg_get_serial_sequence('membership.orders', 'id'))::int AS id FROM generate_series(1, ?)`, [
    count,
  ]);
  return (result.rows as Array<{ id: number }>).map((r) => r.id);
}

export interface ImportedMembership {
  key: number;
  personId: number;
  periodId: number;
  membershipTypeId: number;
  status: Exclude<MembershipStatus, 'cancelled'>;
  memberType: MemberType;
  membershipNumber: string | null;
  orderId: number | null;
  details: Record<string, unknown>;
}

/**
 * The chunk's unpaid orders with their lines and its memberships (active ones activated now), in
 * one statement: data-modifying CTEs, whose foreign keys PostgreSQL checks at the statement's end
 * (as insertOrderWithMemberships does for one order). Answers each membership's id. An order's
 * lines go with it (ON DELETE CASCADE): only the order and the memberships are recorded.
 */
export async function insertOrdersAndMemberships(
  db: Db,
  orders: ReadonlyArray<NewOrder & { key: number }>,
  lines: ReadonlyArray<NewOrderLine & { orderId: number }>,
  memberships: readonly ImportedMembership[],
  importJobId: string | null,
): Promise<Array<{ id: number; personId: number; periodId: number }>> {
  if (memberships.length === 0) return [];
  return camelCaseRows(
    await rawSet(
      db,
      `WITH job AS (SELECT ?::uuid AS id),
       order_src AS (
         SELECT * FROM unnest(?::int[], ?::int[], ?::text[], ?::int[], ?::int[], ?::int[], ?::text[], ?::int[], ?::date[], ?::text[], ?::jsonb[], ?::text[])
                AS o(key, id, reference, account_id, organisation_id, period_id, currency, total_minor, priced_on, priced_window, quote, payment_token)
       ),
       new_orders AS (
         INSERT INTO membership.orders (id, reference, account_id, organisation_id, period_id, status, currency, total_minor,
                                        paid_minor, priced_on, priced_window, quote, payment_token)
         SELECT o.id, o.reference, o.account_id, o.organisation_id, o.period_id, 'unpaid', o.currency, o.total_minor, 0,
                o.priced_on, o.priced_window, o.quote, o.payment_token
           FROM order_src o
         RETURNING id, xmin
       ),
       logged_orders AS (
         ${RECORD_CHANGES}
         SELECT job.id, 'orders', n.id, '', o.key, NULL, NULL, n.xmin FROM new_orders n JOIN order_src o USING (id) CROSS JOIN job WHERE job.id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       ),
       new_lines AS (
         INSERT INTO membership.order_lines (order_id, person_id, kind, description, amount_minor, rule, position)
         SELECT * FROM unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::int[], ?::text[], ?::int[])
       ),
       membership_src AS (
         SELECT * FROM unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::int[], ?::jsonb[])
                AS m(key, person_id, period_id, membership_type_id, status, member_type, membership_number, order_id, details)
       ),
       new_memberships AS (
         INSERT INTO membership.memberships (person_id, period_id, membership_type_id, status, member_type, membership_number,
                                             order_id, details, activated_at)
         SELECT m.person_id, m.period_id, m.membership_type_id, m.status, m.member_type, m.membership_number, m.order_id, m.details,
                CASE WHEN m.status = 'active' THEN now() END
           FROM membership_src m
         RETURNING id, person_id, period_id, xmin
       ),
       logged_memberships AS (
         ${RECORD_CHANGES}
         SELECT job.id, 'memberships', n.id, '', m.key, NULL, NULL, n.xmin
           FROM new_memberships n JOIN membership_src m USING (person_id, period_id) CROSS JOIN job WHERE job.id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       )
       SELECT id, person_id, period_id FROM new_memberships`,
      [
        importJobId,
        orders.map((o) => o.key),
        orders.map((o) => o.id),
        orders.map((o) => o.reference),
        orders.map((o) => o.accountId),
        orders.map((o) => o.organisationId),
        orders.map((o) => o.periodId),
        orders.map((o) => o.currency),
        orders.map((o) => o.totalMinor),
        orders.map((o) => o.pricedOn),
        orders.map((o) => o.pricedWindow),
        orders.map((o) => JSON.stringify(o.quote)),
        orders.map((o) => o.paymentToken),
        lines.map((l) => l.orderId),
        lines.map((l) => l.personId),
        lines.map((l) => l.kind),
        lines.map((l) => l.description),
        lines.map((l) => l.amountMinor),
        lines.map((l) => l.rule),
        lines.map((l) => l.position),
        memberships.map((m) => m.key),
        memberships.map((m) => m.personId),
        memberships.map((m) => m.periodId),
        memberships.map((m) => m.membershipTypeId),
        memberships.map((m) => m.status),
        memberships.map((m) => m.memberType),
        memberships.map((m) => m.membershipNumber),
        memberships.map((m) => m.orderId),
        memberships.map((m) => JSON.stringify(m.details)),
      ],
    ),
  );
}

/**
 * Persons the job created earlier (another chunk) that this transaction has just touched: the
 * triggers that move a member's sync position with their memberships and household rewrite the
 * person's row, which is the job's own doing, not a change by someone else. Their logged row
 * version is moved on, so that the undo still finds them as the job left them.
 */
export async function followCreatedPersons(
  db: Db,
  importJobId: string | null,
  accountIds: readonly number[],
  personIds: readonly number[],
): Promise<void> {
  if (importJobId === null || (accountIds.length === 0 && personIds.length === 0)) return;
  await rawSet(
    db,
    `UPDATE membership.import_changes c SET after_xmin = p.xmin
       FROM membership.persons p
      WHERE c.import_job_id = ? AND c.record_table = 'persons' AND c.record_key = '' AND c.record_id = p.id
        AND p.id IN (SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id = ANY(?::int[])
                     UNION SELECT unnest(?::int[]))
        AND p.xmin = pg_current_xact_id()::xid AND c.after_xmin <> p.xmin`,
    [importJobId, accountIds, personIds],
  );
}
