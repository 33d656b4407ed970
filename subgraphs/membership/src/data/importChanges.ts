/**
 * The change log of import jobs (`membership.import_changes`, see its migration): what a job
 * created and what it updated, written by the same statement that writes the records. A write
 * statement that takes an import job id ends with a data-modifying CTE built from these pieces:
 *
 *   WITH job AS (SELECT ?::uuid AS id), ..., written AS (INSERT/UPDATE ... RETURNING ..., xmin),
 *   logged AS (${RECORD_CHANGES} SELECT job.id, '<table>', ... FROM written CROSS JOIN job
 *              WHERE job.id IS NOT NULL ${ON_RECORDED_AGAIN})
 *
 * Without a job id (`job.id` null) the CTE writes nothing, so callers that are not imports pay
 * nothing but the RETURNING of a few columns.
 */

/** The log's columns, in the order every logging SELECT gives them. */
export const RECORD_CHANGES = `INSERT INTO membership.import_changes
  (import_job_id, record_table, record_id, record_key, row_key, before, after, after_xmin)`;

/**
 * A record the same job writes again (a person created by one chunk and updated by a later one)
 * keeps its first before-image (or none: created), and takes the later row, version and values.
 */
export const ON_RECORDED_AGAIN = `ON CONFLICT (import_job_id, record_table, record_id, record_key)
  DO UPDATE SET row_key = excluded.row_key, after = excluded.after, after_xmin = excluded.after_xmin`;

/** The tables whose writes are logged, as `record_table` names them. */
export type LoggedTable =
  | 'persons'
  | 'participants'
  | 'person_external_ids'
  | 'merge_candidates'
  | 'events'
  // The membership import's (data/memberImport.ts); an order's lines go with the order.
  | 'accounts'
  | 'org_users'
  | 'linked_persons'
  | 'orders'
  | 'memberships';
