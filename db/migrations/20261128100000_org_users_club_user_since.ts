import type { Knex } from 'knex';

/**
 * Issue 37 (the organisation boundary): a self-registered account (anonymous registration or a
 * member OpenID sign-in, contract rule 12) is made a ROLE_USER of every organisation of its tenant
 * so that it may register with any club. Those blanket rows say nothing about which club the
 * person belongs to, so they must not connect the account's persons to every club (operators'
 * scope, import matching). `club_user_since` is when the organisation itself made the account its
 * user: null on a self-registered blanket row, set when a club makes the account its user (an M01
 * import), the creation time otherwise. A moment rather than a flag, because "connected before an
 * import's upload" must date the connection, which for a blanket row is when the club took it on,
 * not when the row was written. Registration's "user of the organisation" check reads every row.
 *
 * Backfill (docs/decisions.md, "Self-registered accounts"): a row is a blanket one when it is one
 * of the rows `insertSelfRegisteredAccount` wrote, told by their signature: the account is an
 * anonymous registration's (user key `anonymous:...`) or of a tenant with a member provider; the
 * row is ROLE_USER only; and the account's ROLE_USER-only rows created at that same instant (one
 * statement) are at least two and cover every organisation the tenant had then. No other writer
 * makes that shape: an import writes one organisation, operators carry ROLE_ORG_ADMIN. A blanket
 * of a single-club tenant stays a club user (it reveals nothing to another club).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE membership.org_users ADD COLUMN club_user_since timestamptz`);
  await knex.raw(`
    UPDATE membership.org_users r SET club_user_since = r.created_at
      FROM membership.accounts a
     WHERE a.id = r.account_id
       AND NOT (r.roles = '{ROLE_USER}'::text[]
                AND (a.external_user_id LIKE 'anonymous:%'
                     OR EXISTS (SELECT 1 FROM membership.tenant_member_oidc t WHERE t.registration_system_id = a.registration_system_id))
                AND (SELECT count(*) FROM membership.org_users s
                      WHERE s.account_id = r.account_id AND s.created_at = r.created_at AND s.roles = '{ROLE_USER}'::text[]) >= 2
                AND NOT EXISTS (SELECT 1 FROM membership.organisations o
                                 WHERE o.registration_system_id = a.registration_system_id AND o.created_at <= r.created_at
                                   AND NOT EXISTS (SELECT 1 FROM membership.org_users s
                                                    WHERE s.account_id = r.account_id AND s.organisation_id = o.id
                                                      AND s.created_at = r.created_at AND s.roles = '{ROLE_USER}'::text[])))`);
  await knex.raw(`ALTER TABLE membership.org_users ALTER COLUMN club_user_since SET DEFAULT now()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE membership.org_users DROP COLUMN club_user_since`);
}
