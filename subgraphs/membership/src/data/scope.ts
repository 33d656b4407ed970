import { camelCaseRows, type Knex } from '@ems/db';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/** The organisations where account `a` holds ROLE_ORG_ADMIN (an operator), as a select column. */
const ADMIN_ORGANISATION_IDS = `ARRAY(SELECT organisation_id FROM membership.org_users o WHERE o.account_id = a.id AND 'ROLE_ORG_ADMIN' = ANY(o.roles)) AS admin_organisation_ids`;

/** The enabled account behind a user key in a tenant, as `a` (a disabled account has no scope). */
function enabledAccountOfUserKey(db: Knex, registrationSystemId: number, userKey: string) {
  return db('membership.accounts as a')
    .where({ 'a.registrationSystemId': registrationSystemId, 'a.externalUserId': userKey })
    .whereNull('a.disabledAt');
}

/** One query: the account behind a user key with its organisation ids (all, and those it administers) and person ids. */
export async function loadScopeRows(
  db: Knex,
  registrationSystemId: number,
  userKey: string,
): Promise<{ accountId: number; organisationIds: number[]; adminOrganisationIds: number[]; personIds: number[] } | null> {
  const row = await enabledAccountOfUserKey(db, registrationSystemId, userKey).first(
    'a.id as accountId',
    db.raw('ARRAY(SELECT organisation_id FROM membership.org_users o WHERE o.account_id = a.id) AS organisation_ids'),
    db.raw(ADMIN_ORGANISATION_IDS),
    db.raw('ARRAY(SELECT person_id FROM membership.linked_persons l WHERE l.account_id = a.id) AS person_ids'),
  );
  return row ?? null;
}

/**
 * One query: the enabled account behind a user key and the organisations it administers, what an
 * audit entry needs of its actor (no organisations it only belongs to, no persons).
 */
export async function loadOperatorIdentity(
  db: Knex,
  registrationSystemId: number,
  userKey: string,
): Promise<{ accountId: number; adminOrganisationIds: number[] } | null> {
  const row = await enabledAccountOfUserKey(db, registrationSystemId, userKey).first('a.id as accountId', db.raw(ADMIN_ORGANISATION_IDS));
  return row ?? null;
}

/**
 * Whose persons an organisation's operators reach (docs/decisions.md, "Organisation boundary"):
 * the organisations, and optionally a moment before which the connection must have been made and
 * the import job whose own new persons count too. An import passes its job's organisation, its
 * upload time and its id, so that nothing the job itself connects (an account of another club
 * made a user of this one) widens what its later rows match.
 */
export interface OrganisationReach {
  organisationIds: readonly number[];
  /** Only connections made before this moment count; null: any connection there is now. */
  connectedBefore: Date | null;
  /** Persons this import job created count as connected. */
  importJobId: string | null;
}

/**
 * A one-row relation `reach(organisation_ids, connected_before, import_job_id)` for a WITH list,
 * read by `connectedCondition`; three bindings. A `Date` holds milliseconds, the job's time had
 * microseconds: a connection made within the same millisecond as the upload counts (rounding the
 * other way would drop connections made just before it).
 */
export function reachRelation(reach: OrganisationReach): { sql: string; bindings: unknown[] } {
  const before = reach.connectedBefore === null ? null : new Date(reach.connectedBefore.getTime() + 1);
  return {
    sql: `reach AS (SELECT ?::int[] AS organisation_ids, ?::timestamptz AS connected_before, ?::uuid AS import_job_id)`,
    bindings: [reach.organisationIds, before, reach.importJobId],
  };
}

/**
 * SQL condition: the person `person` (a column) is connected to one of `reach`'s organisations (a
 * participant of one of its events, a member with a membership not cancelled in one of its
 * periods, or linked to an account that the organisation made its user: `club_user_since`, null
 * on the rows that make a self-registered account a user of every club, docs/decisions.md,
 * "Self-registered accounts"), by a connection made before `connected_before`, or was created by
 * `import_job_id`. `r` names the `reachRelation` row in the
 * query. Every branch is an index probe by person, so it is cheap on the few persons a row finds;
 * its aliases are prefixed so that no column of the caller's query is shadowed.
 */
export function connectedCondition(person: string, r = 'reach'): string {
  const before = (column: string) => `${column} < coalesce(${r}.connected_before, 'infinity'::timestamptz)`;
  return `(EXISTS (SELECT 1 FROM membership.participants conn_pa JOIN membership.events conn_ev ON conn_ev.id = conn_pa.event_id
                    WHERE conn_pa.person_id = ${person} AND conn_ev.organisation_id = ANY(${r}.organisation_ids) AND ${before('conn_pa.created_at')})
        OR EXISTS (SELECT 1 FROM membership.memberships conn_ms JOIN membership.membership_periods conn_mp ON conn_mp.id = conn_ms.period_id
                    WHERE conn_ms.person_id = ${person} AND conn_ms.status <> 'cancelled' AND conn_mp.organisation_id = ANY(${r}.organisation_ids)
                      AND ${before('conn_ms.created_at')})
        OR EXISTS (SELECT 1 FROM membership.linked_persons conn_lp JOIN membership.org_users conn_ou ON conn_ou.account_id = conn_lp.account_id
                    WHERE conn_lp.person_id = ${person} AND conn_ou.organisation_id = ANY(${r}.organisation_ids)
                      AND ${before('conn_lp.created_at')} AND ${before('conn_ou.club_user_since')})
        OR EXISTS (SELECT 1 FROM membership.import_changes conn_ic
                    WHERE conn_ic.import_job_id = ${r}.import_job_id AND conn_ic.record_table = 'persons' AND conn_ic.record_key = ''
                      AND conn_ic.record_id = ${person} AND conn_ic.before IS NULL))`;
}

/**
 * SQL condition: an import of `reach`'s organisation may attach the account `account` (a column)
 * to it, link persons to it and make it a user there, because that reveals nobody new
 * (docs/decisions.md, "Organisation boundary in imports"): it was made a user there by the
 * organisation (not a self-registration's blanket row) before `connected_before`, or `import_job_id` created it, or every person it has (its own, its linked
 * ones; none for a bare login) was connected there before. Otherwise attaching would connect its
 * household, e.g. another club's members, to the organisation. Index probes by account and person.
 */
export function attachableAccountCondition(account: string, r = 'reach'): string {
  return `(EXISTS (SELECT 1 FROM membership.org_users att_ou
                    WHERE att_ou.account_id = ${account} AND att_ou.organisation_id = ANY(${r}.organisation_ids)
                      AND att_ou.club_user_since < coalesce(${r}.connected_before, 'infinity'::timestamptz))
        OR EXISTS (SELECT 1 FROM membership.import_changes att_ic
                    WHERE att_ic.import_job_id = ${r}.import_job_id AND att_ic.record_table = 'accounts' AND att_ic.record_key = ''
                      AND att_ic.record_id = ${account} AND att_ic.before IS NULL)
        OR NOT EXISTS (SELECT 1 FROM (SELECT att_a.person_id FROM membership.accounts att_a WHERE att_a.id = ${account}
                                      UNION SELECT att_lp.person_id FROM membership.linked_persons att_lp WHERE att_lp.account_id = ${account}) att_p
                        WHERE att_p.person_id IS NOT NULL AND NOT ${connectedCondition('att_p.person_id', r)}))`;
}

/**
 * Which of `personIds` are persons of this registration system connected to one of the
 * organisations: a participant of one of its events, a member (a membership not cancelled) in one
 * of its periods, or linked to an account the organisation made its user (an org_users row that
 * is not a self-registration's blanket one). What an operator may
 * act on (merge, dismiss, end sessions) and see. One statement for any number of ids; answers the
 * connected ids.
 */
export async function personIdsConnectedToOrganisations(
  db: Db,
  registrationSystemId: number,
  organisationIds: readonly number[],
  personIds: readonly number[],
): Promise<number[]> {
  if (organisationIds.length === 0 || personIds.length === 0) return [];
  const reach = reachRelation({ organisationIds, connectedBefore: null, importJobId: null });
  const rows = camelCaseRows<{ id: number }>(
    await rawSet(
      db,
      `WITH ${reach.sql}
       SELECT p.id FROM membership.persons p CROSS JOIN reach
        WHERE p.id = ANY(?::int[]) AND p.registration_system_id = ? AND ${connectedCondition('p.id')}`,
      [...reach.bindings, personIds, registrationSystemId],
    ),
  );
  return rows.map((r) => r.id);
}

/**
 * Which of `personIds` an operator of the organisations may see: exactly the connected persons.
 * Not one hop wider through merge candidates: the other side of a candidate may be another
 * organisation's person, whom an import must never show (docs/decisions.md, "Organisation
 * boundary"); such a pair is decided by an operator of both.
 */
export function personIdsVisibleToOrganisations(
  db: Db,
  registrationSystemId: number,
  organisationIds: readonly number[],
  personIds: readonly number[],
): Promise<number[]> {
  return personIdsConnectedToOrganisations(db, registrationSystemId, organisationIds, personIds);
}
