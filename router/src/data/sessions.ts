import type { Pool } from 'pg';

/** Ends every session of one account at once (all routers share this table). */
export async function deleteSessionsOfAccount(pool: Pool, accountId: number): Promise<number> {
  const { rowCount } = await pool.query(`DELETE FROM gateway.session WHERE (sess -> 'auth' ->> 'accountId') = $1`, [String(accountId)]);
  return rowCount ?? 0;
}

export async function findAccountId(pool: Pool, registrationSystemId: number, userKey: string): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>(
    'SELECT id FROM membership.accounts WHERE registration_system_id = $1 AND external_user_id = $2',
    [registrationSystemId, userKey],
  );
  return rows[0]?.id ?? null;
}
