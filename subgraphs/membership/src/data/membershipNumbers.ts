import type { Db } from './db';

/**
 * The two-key advisory lock space of membership numbers (`pg_advisory_xact_lock(space, organisation)`).
 * Reservations take the organisation's lock shared, so payers never wait for each other; keeping
 * numbers from an earlier system takes it exclusively (lockMembershipSequence).
 */
const NUMBER_LOCK_SPACE = 20261126;

export type NumberLockMode = 'shared' | 'exclusive';

/**
 * The last value the sequence of the organisation `?` handed out, 0 before the first (pg_sequences
 * shows null until then, and to a role without rights on it: every service runs as the one role
 * that owns the schema); null when the organisation has no sequence.
 */
const LAST_VALUE = `SELECT coalesce(last_value, 0) FROM pg_sequences
                     WHERE schemaname = 'membership' AND sequencename = 'membership_numbers_' || ?`;

/**
 * Takes the organisation's number lock until the caller's transaction ends. Shared: values may be
 * reserved (any number of holders at once). Exclusive: no value is reserved meanwhile and the
 * reservations under way have committed, so numbers given by someone and checked free stay free
 * until written. Taking it again in the same transaction (shared after exclusive) does not wait.
 */
export async function lockMembershipSequence(db: Db, organisationId: number, mode: NumberLockMode): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await db.raw(`SELECT ${lock}(?, ?)`, [NUMBER_LOCK_SPACE, organisationId]);
}

/**
 * Takes `count` values of the organisation's sequence (`membership_numbers_<id>`, created with the
 * organisation), in ascending order. A sequence is never rolled back and never waits for another
 * transaction: concurrent payers get distinct values at once, and a rolled-back activation leaves
 * its values unused (a gap). Needs the organisation's number lock, in either mode: the caller
 * takes it before its first row lock (lockMembershipSequence), and only once.
 */
export async function reserveMembershipSequence(db: Db, organisationId: number, count: number): Promise<number[]> {
  const result = await db.raw(
    `SELECT nextval(membership.membership_number_sequence_of(?)) AS value FROM generate_series(1, ?) ORDER BY value`,
    [organisationId, count],
  );
  return (result.rows as Array<{ value: string }>).map((r) => Number(r.value));
}

export interface OrganisationNumbering {
  name: string;
  slug: string;
  pattern: string;
}

export async function organisationNumbering(db: Db, organisationId: number): Promise<OrganisationNumbering> {
  const row = await db('membership.organisations')
    .where({ id: organisationId })
    .first('name', 'slug', 'membershipNumberPattern as pattern');
  if (!row) throw new Error(`organisation ${organisationId} does not exist`);
  return row as OrganisationNumbering;
}

/**
 * Moves the organisation's sequence past `highest` when it is not there yet, never back. Needs the
 * exclusive lock of lockMembershipSequence (nobody reserves between the read and the move).
 */
export async function advanceMembershipSequence(db: Db, organisationId: number, highest: number): Promise<void> {
  await db.raw(`SELECT setval(membership.membership_number_sequence_of(?), ?, true) WHERE (${LAST_VALUE}) < ?`, [
    organisationId,
    highest,
    organisationId,
    highest,
  ]);
}

/** The last value the organisation's sequence handed out (0 before the first). */
export async function lastMembershipSequenceValue(db: Db, organisationId: number): Promise<number> {
  const result = await db.raw(`SELECT (${LAST_VALUE}) AS value`, [organisationId]);
  const value = (result.rows as Array<{ value: string | null }>)[0]?.value;
  if (value === null || value === undefined) throw new Error(`organisation ${organisationId} has no membership number sequence`);
  return Number(value);
}
