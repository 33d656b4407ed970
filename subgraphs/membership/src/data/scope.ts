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
 * Which of `personIds` are persons of this registration system connected to one of the
 * organisations: a participant of one of its events, a member (a membership not cancelled) in one
 * of its periods, or linked to an account with a user (org_users row) there. What an operator may
 * act on (merge, dismiss, end sessions). One statement for any number of ids; answers the
 * connected ids.
 */
export function personIdsConnectedToOrganisations(
  db: Db,
  registrationSystemId: number,
  organisationIds: readonly number[],
  personIds: readonly number[],
): Promise<number[]> {
  return personIdsReached(db, registrationSystemId, organisationIds, personIds, { throughMergeCandidates: false });
}

/**
 * Which of `personIds` an operator of the organisations may see: the connected persons, and the
 * other side of a merge candidate with a connected person (the import summary and the review
 * screen show both sides). One hop only: a candidate of such a person does not widen it further.
 */
export function personIdsVisibleToOrganisations(
  db: Db,
  registrationSystemId: number,
  organisationIds: readonly number[],
  personIds: readonly number[],
): Promise<number[]> {
  return personIdsReached(db, registrationSystemId, organisationIds, personIds, { throughMergeCandidates: true });
}

async function personIdsReached(
  db: Db,
  registrationSystemId: number,
  organisationIds: readonly number[],
  personIds: readonly number[],
  { throughMergeCandidates }: { throughMergeCandidates: boolean },
): Promise<number[]> {
  if (organisationIds.length === 0 || personIds.length === 0) return [];
  // Each requested person is judged by itself (subject = itself) and, through a merge candidate,
  // by the person on the candidate's other side.
  const otherSides = throughMergeCandidates
    ? `UNION ALL
         SELECT r.id, m.candidate_person_id FROM requested r
           JOIN membership.merge_candidates m ON m.person_id = r.id AND m.registration_system_id = ?
         UNION ALL
         SELECT r.id, m.person_id FROM requested r
           JOIN membership.merge_candidates m ON m.candidate_person_id = r.id AND m.registration_system_id = ?`
    : '';
  const rows = camelCaseRows<{ personId: number }>(
    await rawSet(
      db,
      `WITH requested AS (
         SELECT p.id FROM membership.persons p WHERE p.id = ANY(?::int[]) AND p.registration_system_id = ?
       ),
       subjects AS (
         SELECT r.id AS person_id, r.id AS subject_id FROM requested r
         ${otherSides}
       )
       SELECT DISTINCT s.person_id
         FROM subjects s
        WHERE EXISTS (SELECT 1 FROM membership.participants pa JOIN membership.events e ON e.id = pa.event_id
                       WHERE pa.person_id = s.subject_id AND e.organisation_id = ANY(?::int[]))
           OR EXISTS (SELECT 1 FROM membership.memberships ms JOIN membership.membership_periods mp ON mp.id = ms.period_id
                       WHERE ms.person_id = s.subject_id AND ms.status <> 'cancelled' AND mp.organisation_id = ANY(?::int[]))
           OR EXISTS (SELECT 1 FROM membership.linked_persons l JOIN membership.org_users ou ON ou.account_id = l.account_id
                       WHERE l.person_id = s.subject_id AND ou.organisation_id = ANY(?::int[]))`,
      [
        personIds,
        registrationSystemId,
        ...(throughMergeCandidates ? [registrationSystemId, registrationSystemId] : []),
        organisationIds,
        organisationIds,
        organisationIds,
      ],
    ),
  );
  return rows.map((r) => r.personId);
}
