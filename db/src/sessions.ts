import type { Knex } from 'knex';

/**
 * The routers' session table (gateway.session, created by our migration) as far as others act on
 * it: ending every session of one account. Shared by the router's `npm run sessions -- end` and the
 * admin portal's "end every session" (membership, for an operator), so both end sessions the same
 * way and every router drops its cached copies.
 */
export const SESSIONS_CHANGED_CHANNEL = 'ems_sessions_changed';

/** SQL that announces a changed or ended session, for statements that delete sessions in bulk. */
export const NOTIFY_SESSION_SQL = `pg_notify('${SESSIONS_CHANGED_CHANNEL}', left(encode(sha256(convert_to(sid, 'UTF8')), 'hex'), 32))`;

/**
 * Ends every session of one account at once (all routers share this table) and tells every
 * router to drop its cached copies (delivered when the statement, or the caller's transaction, commits).
 */
export async function deleteSessionsOfAccount(db: Knex | Knex.Transaction, accountId: number): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ ended: number }> }>(
    `WITH deleted AS (DELETE FROM gateway.session WHERE (sess -> 'auth' ->> 'accountId') = ? RETURNING sid)
     SELECT count(*)::int AS ended FROM (SELECT ${NOTIFY_SESSION_SQL} FROM deleted) AS notified`,
    [String(accountId)],
  );
  return rows[0]?.ended ?? 0;
}
