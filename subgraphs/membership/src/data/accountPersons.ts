import type { Db } from './db';

/** The account of a user key in a tenant, with the persons linked to it; null when there is none. */
export async function accountWithPersons(
  db: Db,
  registrationSystemId: number,
  userKey: string,
): Promise<{ accountId: number; personIds: number[] } | null> {
  const row = await db('membership.accounts as a')
    .where({ 'a.registrationSystemId': registrationSystemId, 'a.externalUserId': userKey })
    .first(
      'a.id as accountId',
      db.raw('ARRAY(SELECT l.person_id FROM membership.linked_persons l WHERE l.account_id = a.id) AS person_ids'),
    );
  return (row as { accountId: number; personIds: number[] } | undefined) ?? null;
}
