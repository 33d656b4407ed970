import type { Knex } from '@ems/db';
import { NOTIFY_SESSION_SQL } from '../session/sessionCache';

/**
 * Ends every session of one account at once (all routers share this table) and tells every
 * router to drop its cached copies (delivered when the statement commits).
 */
export async function deleteSessionsOfAccount(db: Knex, accountId: number): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ ended: number }> }>(
    `WITH deleted AS (DELETE FROM gateway.session WHERE (sess -> 'auth' ->> 'accountId') = ? RETURNING sid)
     SELECT count(*)::int AS ended FROM (SELECT ${NOTIFY_SESSION_SQL} FROM deleted) AS notified`,
    [String(accountId)],
  );
  return rows[0]?.ended ?? 0;
}
