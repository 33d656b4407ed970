import type { Knex } from '@ems/db';

/**
 * The membership import's households of a job (`imports.job_households`): for each household key
 * of the staged rows, the user keys its rows carry, in the order they first appear. Filled once
 * (one statement over the staged rows), read per chunk by key (one statement).
 */

/** A job's staged rows to read households from; columns are 0-based positions in their cells. */
export interface HouseholdSource {
  jobId: string;
  householdColumn: number;
  userKeyColumn: number;
}

/**
 * Stages `jobId`'s households from `sources` (in order: a corrections job lists the jobs it
 * corrects first, so that their rows' logins keep their places and the household its payer).
 */
export async function stageHouseholds(db: Knex, jobId: string, sources: readonly HouseholdSource[]): Promise<void> {
  await db('imports.job_households').where({ jobId }).delete();
  if (sources.length === 0) return;
  const selects = sources.map(
    (_, i) =>
      `SELECT ${i} AS source, btrim(cells[?]) AS household_key, btrim(cells[?]) AS user_key, row_no
         FROM imports.job_rows
        WHERE job_id = ? AND coalesce(btrim(cells[?]), '') <> '' AND coalesce(btrim(cells[?]), '') <> ''`,
  );
  const bindings = sources.flatMap((s) => [
    s.householdColumn + 1,
    s.userKeyColumn + 1,
    s.jobId,
    s.householdColumn + 1,
    s.userKeyColumn + 1,
  ]);
  await db.raw(
    `INSERT INTO imports.job_households (job_id, household_key, user_keys)
     SELECT ?, household_key, array_agg(user_key ORDER BY first_seen)
       FROM (SELECT household_key, user_key, min(ARRAY[source, row_no]) AS first_seen
               FROM (${selects.join(' UNION ALL ')}) AS cells
              GROUP BY 1, 2) AS keys
      GROUP BY household_key`,
    [jobId, ...bindings],
  );
}

export async function householdUserKeys(db: Knex, jobId: string, householdKeys: readonly string[]): Promise<Map<string, string[]>> {
  if (householdKeys.length === 0) return new Map();
  const result = await db.raw(
    `SELECT household_key, user_keys FROM imports.job_households WHERE job_id = ? AND household_key = ANY(?::text[])`,
    [jobId, householdKeys as unknown as Knex.RawBinding],
  );
  return new Map((result.rows as Array<{ household_key: string; user_keys: string[] }>).map((r) => [r.household_key, r.user_keys]));
}
