import type { Pool } from 'pg';
import { NOTIFY_SESSION_SQL } from '../session/sessionCache';

/**
 * Ends every session of one account at once (all routers share this table) and tells every
 * router to drop its cached copies (delivered when the statement commits).
 */
export async function deleteSessionsOfAccount(pool: Pool, accountId: number): Promise<number> {
  const { rows } = await pool.query<{ ended: number }>(
    `WITH deleted AS (DELETE FROM gateway.session WHERE (sess -> 'auth' ->> 'accountId') = $1 RETURNING sid)
     SELECT count(*)::int AS ended FROM (SELECT ${NOTIFY_SESSION_SQL} FROM deleted) AS notified`,
    [String(accountId)],
  );
  return rows[0]?.ended ?? 0;
}

export async function findAccountId(pool: Pool, registrationSystemId: number, userKey: string): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>(
    'SELECT id FROM membership.accounts WHERE registration_system_id = $1 AND external_user_id = $2',
    [registrationSystemId, userKey],
  );
  return rows[0]?.id ?? null;
}
