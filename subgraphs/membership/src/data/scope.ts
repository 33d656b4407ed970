import type { Knex } from '@ems/db';

/** One query: the account behind a user key with its organisation ids (all, and those it administers) and person ids. */
export async function loadScopeRows(
  db: Knex,
  registrationSystemId: number,
  userKey: string,
): Promise<{ accountId: number; organisationIds: number[]; adminOrganisationIds: number[]; personIds: number[] } | null> {
  const row = await db('membership.accounts as a')
    .where({ 'a.registrationSystemId': registrationSystemId, 'a.externalUserId': userKey })
    .whereNull('a.disabledAt')
    .first(
      'a.id as accountId',
      db.raw('ARRAY(SELECT organisation_id FROM membership.org_users o WHERE o.account_id = a.id) AS organisation_ids'),
      db.raw(
        `ARRAY(SELECT organisation_id FROM membership.org_users o WHERE o.account_id = a.id AND 'ROLE_ORG_ADMIN' = ANY(o.roles)) AS admin_organisation_ids`,
      ),
      db.raw('ARRAY(SELECT person_id FROM membership.linked_persons l WHERE l.account_id = a.id) AS person_ids'),
    );
  return row ?? null;
}
