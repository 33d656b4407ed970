import type { Knex } from '@ems/db';

/**
 * The membership import's households of a job (`imports.job_households`): for each household key
 * of the staged rows, the user keys its rows carry, in the order they first appear in the file.
 * Filled once from the staged rows (one statement), read per chunk by key (one statement).
 */

/** Columns are 0-based positions in the staged rows' cells. */
export async function stageHouseholds(db: Knex, jobId: string, householdColumn: number, userKeyColumn: number): Promise<void> {
  await db('imports.job_households').where({ jobId }).delete();
  await db.raw(
    `INSERT INTO imports.job_households (job_id, household_key, user_keys)
     SELECT ?, household_key, array_agg(user_key ORDER BY first_row)
       FROM (SELECT btrim(cells[?]) AS household_key, btrim(cells[?]) AS user_key, min(row_no) AS first_row
               FROM imports.job_rows
              WHERE job_id = ? AND coalesce(btrim(cells[?]), '') <> '' AND coalesce(btrim(cells[?]), '') <> ''
              GROUP BY 1, 2) AS keys
      GROUP BY household_key`,
    [jobId, householdColumn + 1, userKeyColumn + 1, jobId, householdColumn + 1, userKeyColumn + 1],
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
