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
  // One statement (a sign-in and a token refresh read this every time); columns qualified, as
  // org_users is joined. Objection reads both tables' columns once per process for the join.
  const { Account } = models;
  const account = await Account.query(db)
    .withGraphJoined('orgUsers')
    .where(Account.ref('registrationSystemId'), registrationSystemId)
    .where(Account.ref('externalUserId'), userKey)
    .whereNull(Account.ref('disabledAt'))
    .orderBy('orgUsers.id')
    .first();
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

/** The registration system of an enabled account, or null (no such account, or disabled). */
export async function enabledAccountTenant(db: Knex, accountId: number): Promise<number | null> {
  const row = await db('membership.accounts').where({ id: accountId }).whereNull('disabledAt').first('registrationSystemId');
  return row?.registrationSystemId ?? null;
}

/**
 * Holds, until the transaction ends, the one lock of a user key of a registration system: two
 * first sign-ins (or anonymous sessions) of the same key at once must not make two accounts.
 */
export async function lockUserKey(trx: Knex.Transaction, registrationSystemId: number, userKey: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`account:${registrationSystemId}:${userKey}`]);
}

/** An account's id by its user key, disabled or not: ending its sessions must work either way. */
export async function findAccountIdByUserKey(db: Knex, registrationSystemId: number, userKey: string): Promise<number | null> {
  const row = await db('membership.accounts').where({ registrationSystemId, externalUserId: userKey }).first('id');
  return row?.id ?? null;
}
