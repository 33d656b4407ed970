import type { Pool } from 'pg';

/** The registration system a host name belongs to (membership's table, read-only here). */
export async function findTenantIdByHost(pool: Pool, host: string): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>(
    'SELECT registration_system_id AS id FROM membership.registration_system_hosts WHERE host = $1',
    [host],
  );
  return rows[0]?.id ?? null;
}
