import type { Db } from './db';

/** The tables a bulk participant import grows, whose planner statistics go stale while it runs. */
const IMPORT_TABLES = ['membership.persons', 'membership.participants', 'membership.person_external_ids', 'membership.merge_candidates'];

/**
 * ANALYZE after bulk writes (PostgreSQL's "Populating a Database": run ANALYZE afterwards).
 * Autovacuum analyses a table only some time after it grew; an import that adds thousands of rows
 * a second would meanwhile be planned on statistics that say the event has no participants,
 * and a plan that scans them once per row turns a chunk of a second into tens of seconds.
 */
export async function refreshImportStatistics(db: Db): Promise<void> {
  for (const table of IMPORT_TABLES) await db.raw(`ANALYZE ${table}`);
}

/**
 * The tables a membership import grows (refreshed as for the participant import, and for the same
 * reason). import_changes too: followCreatedPersons reads the job's own entries, and on statistics
 * that say the job has none it scanned all of them once per chunk (a chunk slower by the file's size).
 */
const MEMBER_IMPORT_TABLES = [
  'membership.persons',
  'membership.person_external_ids',
  'membership.merge_candidates',
  'membership.accounts',
  'membership.org_users',
  'membership.linked_persons',
  'membership.memberships',
  'membership.import_changes',
];

export async function refreshMemberImportStatistics(db: Db): Promise<void> {
  for (const table of MEMBER_IMPORT_TABLES) await db.raw(`ANALYZE ${table}`);
}
