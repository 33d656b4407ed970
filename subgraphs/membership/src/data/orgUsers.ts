import type { Db } from './db';

export async function hasOrgUser(db: Db, accountId: number, organisationId: number): Promise<boolean> {
  const row = await db('membership.org_users').where({ accountId, organisationId }).first('id');
  return row !== undefined;
}
