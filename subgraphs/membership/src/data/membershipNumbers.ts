import type { Db } from './db';

/**
 * Reserves `count` consecutive sequence values of the organisation and returns the first.
 * One upsert: it creates the organisation's counter on first use and otherwise takes the row lock
 * of `membership_number_sequences` and advances it, so concurrent activations queue behind each
 * other until commit and can never hand out the same value.
 */
export async function reserveMembershipSequence(db: Db, organisationId: number, count: number): Promise<number> {
  const result = await db.raw(
    `INSERT INTO membership.membership_number_sequences AS s (organisation_id, next_value)
     VALUES (?, 1 + ?)
     ON CONFLICT (organisation_id) DO UPDATE SET next_value = s.next_value + EXCLUDED.next_value - 1
     RETURNING (next_value - ?)::bigint AS first`,
    [organisationId, count, count],
  );
  return Number((result.rows[0] as { first: string }).first);
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
 * Takes the organisation's number lock (the row of `membership_number_sequences`, created on first
 * use) and moves its next value up to `nextAtLeast` when it is lower, never down. Held until the
 * caller's transaction ends: numbers checked free and written under it cannot be handed out by
 * anyone else meanwhile (reserveMembershipSequence queues behind the same row).
 */
export async function lockMembershipSequence(db: Db, organisationId: number, nextAtLeast: number): Promise<void> {
  await db.raw(
    `INSERT INTO membership.membership_number_sequences AS s (organisation_id, next_value)
     VALUES (?, ?)
     ON CONFLICT (organisation_id) DO UPDATE SET next_value = GREATEST(s.next_value, EXCLUDED.next_value)`,
    [organisationId, Math.max(1, nextAtLeast)],
  );
}
