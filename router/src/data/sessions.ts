import type { Knex } from '@ems/db';

/** Ends every session of one account at once (all routers share this table). */
export async function deleteSessionsOfAccount(db: Knex, accountId: number): Promise<number> {
  return db('gateway.session')
    .whereRaw(`(sess -> 'auth' ->> 'accountId') = ?`, [String(accountId)])
    .delete();
}
