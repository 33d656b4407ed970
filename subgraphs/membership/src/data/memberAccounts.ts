import type { Db } from './db';
import { referencesTo } from './importUndo';
import { rawSet } from './sqlSets';

/**
 * The accounts a member makes for themselves on a tenant with member OpenID Connect (contract
 * rule 12): an anonymous registration's account, and a subject's account made at its first sign-in.
 */

/**
 * A new account of the tenant, a user (ROLE_USER) of each of its organisations: a tenant that
 * configured member sign-in lets anyone register with its clubs (docs/decisions.md). The rows are
 * blanket ones (`club_user_since` null): they let the member register, but no club made the
 * account its user, so they connect its persons to no club ("Self-registered accounts").
 */
export async function insertSelfRegisteredAccount(
  db: Db,
  input: { registrationSystemId: number; userKey: string; email: string | null },
): Promise<number> {
  const [account] = await db('membership.accounts')
    .insert({ registrationSystemId: input.registrationSystemId, externalUserId: input.userKey, email: input.email })
    .returning('id');
  await rawSet(
    db,
    `INSERT INTO membership.org_users (account_id, organisation_id, roles, is_primary, club_user_since)
     SELECT ?, o.id, '{ROLE_USER}'::text[], row_number() OVER (ORDER BY o.id) = 1, NULL
       FROM membership.organisations o WHERE o.registration_system_id = ?`,
    [account.id, input.registrationSystemId],
  );
  return account.id as number;
}

export interface AnonymousAccountRow {
  id: number;
  personId: number | null;
}

/** An enabled account by its user key, locked for the rest of the transaction. */
export async function lockEnabledAccount(db: Db, registrationSystemId: number, userKey: string): Promise<AnonymousAccountRow | null> {
  const row = await db('membership.accounts')
    .where({ registrationSystemId, externalUserId: userKey })
    .whereNull('disabledAt')
    .forUpdate()
    .first('id', 'personId');
  return (row as AnonymousAccountRow | undefined) ?? null;
}

/** The anonymous account becomes the subject's: its user key and the verified address. */
export async function assignAccountUserKey(db: Db, accountId: number, userKey: string, email: string | null): Promise<void> {
  await db('membership.accounts').where({ id: accountId }).update({ externalUserId: userKey, email, updatedAt: db.fn.now() });
}

/** An account whose data moved to another: disabled, and where its data went. */
export async function retireAccount(db: Db, accountId: number, intoAccountId: number): Promise<void> {
  await db('membership.accounts')
    .where({ id: accountId })
    .update({ disabledAt: db.fn.now(), mergedIntoAccountId: intoAccountId, updatedAt: db.fn.now() });
}

/**
 * Moves what refers to account `dropId` to account `keepId`: every foreign key to
 * membership.accounts read from the catalog (as the person merge does), so a table added later
 * moves too. Before that, what the kept account already has is dropped from the other (a user
 * row of the same organisation, a link to the same person), the other's own person joins as a
 * household member when the kept account has one of its own, and an open registration of a
 * period the kept account also has one open for stays behind with its order (one open process per
 * account and period): the kept account's is the one that continues (docs/decisions.md).
 */
export async function moveAccountReferences(db: Db, dropId: number, keepId: number): Promise<void> {
  // A club that made the dropped account its user keeps it as its user in the kept one's row.
  await rawSet(
    db,
    `UPDATE membership.org_users k SET club_user_since = d.club_user_since, updated_at = now()
       FROM membership.org_users d
      WHERE k.account_id = ? AND d.account_id = ? AND d.organisation_id = k.organisation_id
        AND k.club_user_since IS NULL AND d.club_user_since IS NOT NULL`,
    [keepId, dropId],
  );
  await rawSet(
    db,
    `DELETE FROM membership.org_users d
      WHERE d.account_id = ? AND EXISTS (SELECT 1 FROM membership.org_users k WHERE k.account_id = ? AND k.organisation_id = d.organisation_id)`,
    [dropId, keepId],
  );
  await rawSet(db, `UPDATE membership.org_users SET is_primary = false WHERE account_id = ?`, [dropId]);
  await rawSet(
    db,
    `DELETE FROM membership.linked_persons d
      WHERE d.account_id = ? AND EXISTS (SELECT 1 FROM membership.linked_persons k WHERE k.account_id = ? AND k.person_id = d.person_id)`,
    [dropId, keepId],
  );
  await rawSet(
    db,
    `UPDATE membership.linked_persons SET relationship = 'other'
      WHERE account_id = ? AND relationship = 'self'
        AND (SELECT person_id FROM membership.accounts WHERE id = ?) IS NOT NULL`,
    [dropId, keepId],
  );
  await rawSet(
    db,
    `UPDATE membership.accounts k SET person_id = d.person_id, updated_at = now()
       FROM membership.accounts d WHERE k.id = ? AND d.id = ? AND k.person_id IS NULL`,
    [keepId, dropId],
  );
  await rawSet(
    db,
    `UPDATE forms.process_instances d SET account_id = ?
      WHERE d.account_id = ?
        AND (d.state IN ('COMPLETED', 'CANCELLED')
             OR NOT EXISTS (SELECT 1 FROM forms.process_instances k
                             WHERE k.account_id = ? AND k.period_id = d.period_id AND k.state NOT IN ('COMPLETED', 'CANCELLED')))`,
    [keepId, dropId, keepId],
  );
  // A process that stayed behind keeps its order with it.
  await rawSet(
    db,
    `UPDATE membership.orders SET account_id = ?
      WHERE account_id = ? AND id NOT IN (SELECT order_id FROM forms.process_instances WHERE account_id = ? AND order_id IS NOT NULL)`,
    [keepId, dropId, dropId],
  );
  const movedAlready = new Set(['membership.accounts', 'forms.process_instances', 'membership.orders']);
  for (const ref of await referencesTo(db, 'accounts')) {
    if (movedAlready.has(ref.qualifiedTable)) continue;
    await db.raw(`UPDATE ${ref.qualifiedTable} SET ${ref.column} = ? WHERE ${ref.column} = ?`, [keepId, dropId]);
  }
}

export interface OwnPersonRow {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

/** The account's own person (accounts.person_id), if it has one. */
export async function findOwnPerson(db: Db, accountId: number): Promise<OwnPersonRow | null> {
  const row = await db('membership.accounts as a')
    .join('membership.persons as p', 'p.id', 'a.personId')
    .where('a.id', accountId)
    .first('p.id', 'p.firstName', 'p.lastName', db.raw(`to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth`), 'p.email');
  return (row as OwnPersonRow | undefined) ?? null;
}

/**
 * Creates the account's own person, linked as `self`, if the account has none yet (the row is
 * locked so two submissions make one person). Null when it already has one.
 */
export async function insertOwnPerson(
  db: Db,
  accountId: number,
  person: { firstName: string; lastName: string; dateOfBirth: string; email: string },
): Promise<number | null> {
  const account = await db('membership.accounts').where({ id: accountId }).forUpdate().first('registrationSystemId', 'personId');
  if (!account || account.personId !== null) return null;
  const [row] = await db('membership.persons')
    .insert({ registrationSystemId: account.registrationSystemId, ...person })
    .returning('id');
  await db('membership.linkedPersons').insert({ accountId, personId: row.id, relationship: 'self' });
  await db('membership.accounts').where({ id: accountId }).update({ personId: row.id, updatedAt: db.fn.now() });
  return row.id as number;
}
