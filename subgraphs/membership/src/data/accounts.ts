import type { Knex } from '@ems/db';
import { models } from '@ems/db';

export interface AccountWithMemberships {
  id: number;
  registrationSystemId: number;
  userKey: string;
  personId: number | null;
  orgUsers: Array<{ organisationId: number; roles: string[]; isPrimary: boolean }>;
}

/** An enabled account by the contract's userKey within one registration system. */
export async function findAccountByUserKey(
  db: Knex,
  registrationSystemId: number,
  userKey: string,
): Promise<AccountWithMemberships | null> {
  const account = await models.Account.query(db)
    .findOne({ registrationSystemId, externalUserId: userKey })
    .whereNull('disabledAt')
    .withGraphFetched('orgUsers');
  if (!account) return null;
  return {
    id: account.id,
    registrationSystemId: account.registrationSystemId,
    userKey: account.externalUserId,
    personId: account.personId,
    orgUsers: (account.orgUsers ?? []).map((o) => ({ organisationId: o.organisationId, roles: o.roles, isPrimary: o.isPrimary })),
  };
}

export async function findAccountByEmail(db: Knex, registrationSystemId: number, email: string): Promise<string | null> {
  const account = await models.Account.query(db)
    .where({ registrationSystemId })
    .whereRaw('lower(email) = lower(?)', [email])
    .whereNull('disabledAt')
    .first();
  return account?.externalUserId ?? null;
}
