import { camelCaseRows } from '@ems/db';
import type { Db } from './db';
import { rawSet } from './sqlSets';

/**
 * The undo of an import job, one statement per step, plus a catalog read of what refers to persons
 * and participants for the two steps that delete them (docs/imports.md, "Undo"). Every step reads
 * and deletes its kind of entries of `membership.import_changes` (an entry is consumed exactly
 * once, so a second undo finds nothing), changes the records whose state is still the one the
 * job left, and reports the others. The checks sit in the WHERE of the DELETE or UPDATE itself,
 * so a record changed by a transaction that commits while the step waits for its row lock is
 * re-checked on its new version (READ COMMITTED) and left alone.
 *
 * Two kinds of "changed since":
 * - a record the job created is deleted only while its row version (`xmin`) is the one the job
 *   left: any write since, by anyone, keeps it;
 * - a record the job updated is put back only while the columns the import writes still hold the
 *   values the job left (a person's row also moves when their memberships or household change,
 *   which is no reason to keep the import's name).
 */

/** One reported outcome: a refused record, or the count of records with a done outcome. */
export interface UndoOutcomeRow {
  outcome: string;
  rowKey: number | null;
  recordId: string | null;
  personId: number | null;
  referencedBy: string[] | null;
  n: number;
}

export const REFUSED_OUTCOMES = ['CHANGED_SINCE', 'DELETED_SINCE', 'REFERENCED', 'BIB_TAKEN', 'ORDER_KEPT'] as const;

/** Every statement ends with its `outcomes` CTE reported: refused records one by one, the rest counted. */
function reported(withClauses: string): string {
  const refused = REFUSED_OUTCOMES.map((o) => `'${o}'`).join(', ');
  return `${withClauses}
    SELECT outcome, row_key, record_id, person_id, referenced_by, 1 AS n FROM outcomes WHERE outcome IN (${refused})
    UNION ALL
    SELECT outcome, NULL::int, NULL::text, NULL::int, NULL::text[], count(*)::int FROM outcomes WHERE outcome NOT IN (${refused}) GROUP BY outcome`;
}

async function run(db: Db, sql: string, bindings: readonly unknown[]): Promise<UndoOutcomeRow[]> {
  return camelCaseRows<UndoOutcomeRow>(await rawSet(db, reported(sql), bindings));
}

/** The entries of one kind, taken out of the log as the statement reads them. */
const takeEntries = (table: string, kind: 'created' | 'updated' | 'any') =>
  `DELETE FROM membership.import_changes
    WHERE import_job_id = ? AND record_table = '${table}'${kind === 'created' ? ' AND before IS NULL' : kind === 'updated' ? ' AND before IS NOT NULL' : ''}
   RETURNING row_key, record_id, record_key, before, after, after_xmin`;

/** The tables whose records an undo deletes or puts back. */
export type UndoneTable = 'persons' | 'participants' | 'accounts' | 'org_users' | 'linked_persons' | 'orders' | 'memberships';

/** A foreign key to a record: the referring table (quoted, schema-qualified), its name, and the column. */
export interface Reference {
  qualifiedTable: string;
  name: string;
  column: string;
}

/**
 * Every foreign key to `membership.<table>`, read from the catalog when the undo runs, so a table
 * added later that refers to persons keeps them without anyone having to remember the undo. A
 * record something refers to is not deleted: the undo reports the tables (`name`).
 */
export async function referencesTo(db: Db, table: UndoneTable): Promise<Reference[]> {
  const rows = camelCaseRows<Reference & { columns: number }>(
    await rawSet(
      db,
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(r.relname) AS qualified_table, r.relname AS name,
              quote_ident(a.attname) AS column, cardinality(c.conkey) AS columns
         FROM pg_constraint c
         JOIN pg_class r ON r.oid = c.conrelid
         JOIN pg_namespace n ON n.oid = r.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = ?::regclass
        ORDER BY r.relname, a.attname`,
      [`membership.${table}`],
    ),
  );
  const composite = rows.find((r) => r.columns !== 1);
  if (composite)
    throw new Error(`${composite.qualifiedTable} refers to membership.${table} by several columns, which the undo cannot check`);
  return rows.map(({ qualifiedTable, name, column }) => ({ qualifiedTable, name, column }));
}

/** The names of the tables that refer to the record `id` (an SQL expression), as a text[]. */
function referencesOf(references: readonly Reference[], id: string): string {
  const names = [...new Set(references.map((r) => r.name))];
  if (names.length === 0) return `'{}'::text[]`;
  const checks = names.map((name) => {
    const probes = references
      .filter((r) => r.name === name)
      .map((r) => `EXISTS (SELECT 1 FROM ${r.qualifiedTable} x WHERE x.${r.column} = ${id})`)
      .join(' OR ');
    return `CASE WHEN ${probes} THEN '${name}' END`;
  });
  return `array_remove(ARRAY[${checks.join(', ')}]::text[], NULL)`;
}

/** Merge candidates the job created (F8): deleted unless an operator has decided them since. */
export function undoMergeCandidates(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return run(
    db,
    `WITH c AS (${takeEntries('merge_candidates', 'created')}),
     removed AS (
       DELETE FROM membership.merge_candidates m USING c WHERE m.id = c.record_id AND m.xmin = c.after_xmin RETURNING m.id
     ),
     outcomes AS (
       SELECT c.row_key, c.record_id::text AS record_id, m.person_id, '{}'::text[] AS referenced_by,
              CASE WHEN c.record_id IN (SELECT id FROM removed) THEN 'DELETED' WHEN m.id IS NULL THEN 'ALREADY_GONE' ELSE 'CHANGED_SINCE' END AS outcome
         FROM c LEFT JOIN membership.merge_candidates m ON m.id = c.record_id
     )`,
    [importJobId],
  );
}

/**
 * Why a record the job wrote stays although nothing changed it or refers to it: `reasons(alias)`
 * is an SQL text[] over the record, empty when it may go; `outcome` is how it is reported.
 */
interface Hold {
  reasons: (record: string) => string;
  bindings: readonly unknown[];
  outcome: 'ORDER_KEPT' | 'REFERENCED';
}

/**
 * Records of `table` the job created: deleted unless changed since, referred to by anything
 * (REFERENCED, with the referring tables) but `parts`, the tables whose rows go with the record
 * (ON DELETE CASCADE, e.g. an order's lines), or held (`hold`). `personOf` names the record's
 * person in `p`.
 */
async function deleteCreated(
  db: Db,
  importJobId: string,
  table: UndoneTable,
  personOf: string,
  parts: readonly string[] = [],
  hold: Hold | null = null,
): Promise<UndoOutcomeRow[]> {
  const references = (await referencesTo(db, table)).filter((r) => !parts.includes(r.name));
  return run(
    db,
    `WITH c AS (${takeEntries(table, 'created')}),
     checked AS MATERIALIZED (
       SELECT c.row_key, c.record_id, c.after_xmin, p.id AS found_id, ${personOf} AS person_id,
              coalesce(p.xmin = c.after_xmin, false) AS unchanged, ${referencesOf(references, 'p.id')} AS referenced_by,
              ${hold ? `CASE WHEN p.id IS NULL THEN '{}'::text[] ELSE ${hold.reasons('p')} END` : `'{}'::text[]`} AS held_by
         FROM c LEFT JOIN membership.${table} p ON p.id = c.record_id
     ),
     removed AS (
       DELETE FROM membership.${table} p USING checked k
        WHERE p.id = k.record_id AND k.unchanged AND cardinality(k.referenced_by) = 0 AND cardinality(k.held_by) = 0
          AND p.xmin = k.after_xmin
       RETURNING p.id
     ),
     decided AS (
       SELECT k.*, CASE WHEN k.record_id IN (SELECT id FROM removed) THEN 'DELETED'
                        WHEN k.found_id IS NULL THEN 'ALREADY_GONE'
                        WHEN cardinality(k.referenced_by) > 0 THEN 'REFERENCED'
                        WHEN NOT k.unchanged THEN 'CHANGED_SINCE'
                        ELSE '${hold?.outcome ?? 'CHANGED_SINCE'}' END AS outcome
         FROM checked k
     ),
     outcomes AS (
       SELECT d.row_key, d.record_id::text AS record_id, d.person_id, d.outcome,
              CASE WHEN cardinality(d.referenced_by) > 0 THEN d.referenced_by WHEN d.unchanged THEN d.held_by ELSE '{}'::text[] END AS referenced_by
         FROM decided d
     )`,
    [importJobId, ...(hold?.bindings ?? [])],
  );
}

/** Participants the job created: deleted unless changed since or referred to (results). */
export function undoCreatedParticipants(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return deleteCreated(db, importJobId, 'participants', 'p.person_id');
}

/** The participant columns an import writes: compared with what the job left, and put back. */
const PARTICIPANT_COLUMNS = ['bib', 'category_id', 'source_system_id', 'external_id', 'custom1', 'custom2', 'custom3'];
const PERSON_COLUMNS = ['first_name', 'last_name', 'date_of_birth', 'email'];
const EVENT_COLUMNS = ['custom1_label', 'custom2_label', 'custom3_label'];

const columnsOf = (alias: string, columns: readonly string[]) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;
const sameValues = (row: string, image: string, columns: readonly string[]) =>
  `${columnsOf(row, columns)} IS NOT DISTINCT FROM ${columnsOf(image, columns)}`;
const putBack = (image: string, columns: readonly string[]) => columns.map((c) => `${c} = ${image}.${c}`).join(', ');

/**
 * Participants the job updated, first step: the ones whose imported values are still there and
 * whose earlier bib is free (or is being freed by this undo) are locked and their bibs cleared, so
 * that the next step can put every bib back in one statement (a unique index is checked row by
 * row: a swap of two bibs would otherwise collide). The others are taken out of the log and
 * reported here.
 */
export function undoUpdatedParticipantsPrepare(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return run(
    db,
    `WITH cand AS MATERIALIZED (
       SELECT c.row_key, c.record_id, c.after, p.id AS found_id, p.person_id, p.event_id, b.bib AS before_bib, p.bib AS current_bib,
              (p.id IS NOT NULL AND ${sameValues('p', 'a', PARTICIPANT_COLUMNS)}) AS unchanged
         FROM membership.import_changes c
         LEFT JOIN membership.participants p ON p.id = c.record_id
         CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.participants, c.before) b
         CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.participants, c.after) a
        WHERE c.import_job_id = ? AND c.record_table = 'participants' AND c.before IS NOT NULL
     ),
     blocked AS (
       SELECT k.record_id FROM cand k
        WHERE k.unchanged AND k.before_bib IS NOT NULL AND k.before_bib IS DISTINCT FROM k.current_bib
          AND EXISTS (SELECT 1 FROM membership.participants q
                       WHERE q.event_id = k.event_id AND q.bib = k.before_bib AND q.id <> k.found_id
                         AND q.id NOT IN (SELECT o.found_id FROM cand o WHERE o.unchanged))
     ),
     cleared AS (
       UPDATE membership.participants p SET bib = NULL
         FROM cand k CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.participants, k.after) a
        WHERE p.id = k.found_id AND k.unchanged AND k.record_id NOT IN (SELECT record_id FROM blocked)
          AND ${sameValues('p', 'a', PARTICIPANT_COLUMNS)}
       RETURNING p.id
     ),
     refused AS (
       DELETE FROM membership.import_changes c
        WHERE c.import_job_id = ? AND c.record_table = 'participants' AND c.before IS NOT NULL
          AND c.record_id NOT IN (SELECT id FROM cleared)
       RETURNING c.record_id
     ),
     outcomes AS (
       SELECT k.row_key, k.record_id::text AS record_id, k.person_id, '{}'::text[] AS referenced_by,
              CASE WHEN k.found_id IS NULL THEN 'DELETED_SINCE'
                   WHEN k.record_id IN (SELECT record_id FROM blocked) THEN 'BIB_TAKEN'
                   ELSE 'CHANGED_SINCE' END AS outcome
         FROM cand k WHERE k.record_id IN (SELECT record_id FROM refused)
     )`,
    [importJobId, importJobId],
  );
}

/** Participants the job updated, second step: every entry left was locked by the first step; its before-image goes back. */
export function undoUpdatedParticipantsRestore(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return run(
    db,
    `WITH c AS (${takeEntries('participants', 'updated')}),
     restored AS (
       UPDATE membership.participants p SET ${putBack('b', PARTICIPANT_COLUMNS)}, updated_at = now()
         FROM c CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.participants, c.before) b
        WHERE p.id = c.record_id
       RETURNING p.id
     ),
     outcomes AS (
       SELECT c.row_key, c.record_id::text AS record_id, r.person_id, '{}'::text[] AS referenced_by,
              CASE WHEN c.record_id IN (SELECT id FROM restored) THEN 'RESTORED' ELSE 'DELETED_SINCE' END AS outcome
         FROM c LEFT JOIN membership.participants r ON r.id = c.record_id
     )`,
    [importJobId],
  );
}

/** External ids the job recorded: deleted unless changed since. */
export function undoExternalIds(db: Db, importJobId: string, registrationSystemId: number): Promise<UndoOutcomeRow[]> {
  return run(
    db,
    `WITH c AS (${takeEntries('person_external_ids', 'created')}),
     removed AS (
       DELETE FROM membership.person_external_ids e USING c
        WHERE e.registration_system_id = ? AND e.source_system_id = c.record_id AND e.external_id = c.record_key AND e.xmin = c.after_xmin
       RETURNING e.source_system_id, e.external_id
     ),
     outcomes AS (
       SELECT c.row_key, c.record_id || ':' || c.record_key AS record_id, e.person_id, '{}'::text[] AS referenced_by,
              CASE WHEN (c.record_id, c.record_key) IN (SELECT source_system_id, external_id FROM removed) THEN 'DELETED'
                   WHEN e.external_id IS NULL THEN 'ALREADY_GONE' ELSE 'CHANGED_SINCE' END AS outcome
         FROM c
         LEFT JOIN membership.person_external_ids e
                ON e.registration_system_id = ? AND e.source_system_id = c.record_id AND e.external_id = c.record_key
     )`,
    [importJobId, registrationSystemId, registrationSystemId],
  );
}

/**
 * Records of `table` the job updated: `columns` put back from the record as it was, while they
 * still hold what the job left (a row that moved for another reason is still the job's) and
 * nothing holds them (`hold`). `personOf` names the record's person in `c`, the log entry.
 */
function restoreUpdated(
  db: Db,
  importJobId: string,
  table: 'persons' | 'events' | 'accounts' | 'org_users',
  columns: readonly string[],
  personOf: string,
  hold: Hold | null = null,
): Promise<UndoOutcomeRow[]> {
  return run(
    db,
    `WITH c AS (${takeEntries(table, 'updated')}),
     checked AS MATERIALIZED (
       SELECT c.*, r.id AS found_id, (r.id IS NOT NULL AND ${sameValues('r', 'a', columns)}) AS unchanged,
              ${hold ? `CASE WHEN r.id IS NULL THEN '{}'::text[] ELSE ${hold.reasons('r')} END` : `'{}'::text[]`} AS held_by
         FROM c LEFT JOIN membership.${table} r ON r.id = c.record_id
                CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.${table}, c.after) a
     ),
     restored AS (
       UPDATE membership.${table} r SET ${putBack('b', columns)}, updated_at = now()
         FROM checked c CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.${table}, c.before) b
                        CROSS JOIN LATERAL jsonb_populate_record(NULL::membership.${table}, c.after) a
        WHERE r.id = c.record_id AND cardinality(c.held_by) = 0 AND ${sameValues('r', 'a', columns)}
       RETURNING r.id
     ),
     outcomes AS (
       SELECT c.row_key, c.record_id::text AS record_id, ${personOf} AS person_id,
              CASE WHEN c.record_id IN (SELECT id FROM restored) THEN 'RESTORED' WHEN c.found_id IS NULL THEN 'DELETED_SINCE'
                   WHEN c.unchanged AND cardinality(c.held_by) > 0 THEN '${hold?.outcome ?? 'CHANGED_SINCE'}'
                   ELSE 'CHANGED_SINCE' END AS outcome,
              CASE WHEN c.unchanged THEN c.held_by ELSE '{}'::text[] END AS referenced_by
         FROM checked c
     )`,
    [importJobId, ...(hold?.bindings ?? [])],
  );
}

/** Persons the job updated (personal data): put back while the imported values are still there. */
export function undoUpdatedPersons(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return restoreUpdated(db, importJobId, 'persons', PERSON_COLUMNS, 'c.record_id::int');
}

/**
 * Persons the job created: deleted unless changed since or referred to by anything (another
 * event's participant, a membership, an account, a merge candidate of another job...). Runs after
 * the steps that remove the job's own participants, external ids, merge candidates, memberships,
 * links and accounts.
 */
export function undoCreatedPersons(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return deleteCreated(db, importJobId, 'persons', 'p.id');
}

/** The event's custom-field labels the job set: put back while they are still the job's. */
export function undoEventLabels(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return restoreUpdated(db, importJobId, 'events', EVENT_COLUMNS, 'NULL::int');
}

/** Entries no step took: a table logged without an undo step (a bug), by table. */
export async function entriesLeft(db: Db, importJobId: string): Promise<string[]> {
  const rows = camelCaseRows<{ recordTable: string }>(
    await rawSet(db, `SELECT DISTINCT record_table FROM membership.import_changes WHERE import_job_id = ?`, [importJobId]),
  );
  return rows.map((r) => r.recordTable);
}

// The membership import's records (M01). They refer to persons, so they go before the persons.

/**
 * Whether a membership's order stays, and why: the order is not the job's or changed since (a
 * part payment), something but its memberships and lines refers to it (a payment started, a
 * checkout), or another of its memberships stays. A membership and the order it awaits payment
 * in go together: an order kept without its memberships could be paid for nothing.
 */
async function orderKept(db: Db): Promise<Hold['reasons']> {
  const orderReferences = (await referencesTo(db, 'orders')).filter((r) => r.name !== 'memberships' && r.name !== 'order_lines');
  const membershipReferences = await referencesTo(db, 'memberships');
  return (m) => `CASE WHEN ${m}.order_id IS NULL THEN '{}'::text[] ELSE coalesce((
      SELECT CASE WHEN oc.record_id IS NULL OR o.xmin <> oc.after_xmin THEN ARRAY['orders']
                  ELSE ${referencesOf(orderReferences, 'o.id')}
                       || CASE WHEN EXISTS (
                            SELECT 1 FROM membership.memberships s
                              LEFT JOIN membership.import_changes sc
                                     ON sc.import_job_id = ? AND sc.record_table = 'memberships' AND sc.before IS NULL AND sc.record_id = s.id
                             WHERE s.order_id = o.id AND s.id <> ${m}.id
                               AND (sc.record_id IS NULL OR s.xmin <> sc.after_xmin OR cardinality(${referencesOf(membershipReferences, 's.id')}) > 0))
                          THEN ARRAY['memberships'] ELSE '{}'::text[] END END
        FROM membership.orders o
        LEFT JOIN membership.import_changes oc ON oc.import_job_id = ? AND oc.record_table = 'orders' AND oc.before IS NULL AND oc.record_id = o.id
       WHERE o.id = ${m}.order_id), '{}'::text[]) END`;
}

/**
 * The orders the job created, locked before anything else of the undo (settlement locks the order
 * before the persons, and so does the undo): no payment starts on one between the memberships'
 * check (orderKept) and the orders' step. Reports nothing.
 */
export async function lockCreatedOrders(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  await rawSet(
    db,
    `SELECT o.id FROM membership.orders o
       JOIN membership.import_changes c ON c.import_job_id = ? AND c.record_table = 'orders' AND c.before IS NULL AND c.record_id = o.id
      ORDER BY o.id FOR UPDATE OF o`,
    [importJobId],
  );
  return [];
}

/** Memberships the job created: deleted unless changed since (activated by a payment, cancelled) or their order stays (ORDER_KEPT, orderKept). */
export async function undoCreatedMemberships(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return deleteCreated(db, importJobId, 'memberships', 'p.person_id', [], {
    reasons: await orderKept(db),
    bindings: [importJobId, importJobId],
    outcome: 'ORDER_KEPT',
  });
}

/** Unpaid orders the job created, with their lines: deleted unless changed since or paid into (payments refer to them). */
export function undoCreatedOrders(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return deleteCreated(db, importJobId, 'orders', 'NULL::int', ['order_lines']);
}

/**
 * What a member in use keeps: a membership created since the import's file was uploaded (one the
 * undo kept, a correction's, one registered online since) relies on its person's links, on the
 * OrgUser row of an account linked to them in that membership's organisation, and on an account's
 * own person. `personOf` names the person the record serves; `organisationOf`, when given, limits
 * it to memberships of that organisation. Reported as REFERENCED by memberships.
 */
function memberInUse(since: Date, personOf: (record: string) => string, organisationOf?: (record: string) => string): Hold {
  return {
    reasons: (r) => `CASE WHEN EXISTS (
        SELECT 1 FROM membership.memberships hm
          ${organisationOf ? `JOIN membership.membership_periods hp ON hp.id = hm.period_id AND hp.organisation_id = ${organisationOf(r)}` : ''}
         WHERE hm.person_id IN (${personOf(r)}) AND hm.created_at >= ?)
      THEN ARRAY['memberships'] ELSE '{}'::text[] END`,
    bindings: [since],
    outcome: 'REFERENCED',
  };
}

/** LinkedPerson rows the job added: deleted unless changed since or their person is a member in use (memberInUse). */
export function undoCreatedLinks(db: Db, importJobId: string, since: Date): Promise<UndoOutcomeRow[]> {
  return deleteCreated(
    db,
    importJobId,
    'linked_persons',
    'p.person_id',
    [],
    memberInUse(since, (r) => `${r}.person_id`),
  );
}

/**
 * OrgUser rows the job added: deleted unless their roles changed since or a person still linked to
 * the account is a member in use in that organisation (memberInUse; the links step ran before).
 */
export function undoCreatedOrgUsers(db: Db, importJobId: string, since: Date): Promise<UndoOutcomeRow[]> {
  return deleteCreated(
    db,
    importJobId,
    'org_users',
    'NULL::int',
    [],
    memberInUse(
      since,
      (r) => `SELECT hl.person_id FROM membership.linked_persons hl WHERE hl.account_id = ${r}.account_id`,
      (r) => `${r}.organisation_id`,
    ),
  );
}

const ORG_USER_COLUMNS = ['club_user_since'];

/**
 * Self-registered accounts' blanket OrgUser rows the job made the club's own (insertOrgUsers):
 * blanket rows again while still as the job left them. The account stays free to register with
 * the club (every row counts for that); a member it registered since is connected by that
 * membership, not by this row.
 */
export function undoUpdatedOrgUsers(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return restoreUpdated(db, importJobId, 'org_users', ORG_USER_COLUMNS, 'NULL::int');
}

/** Accounts the job created: deleted unless changed since or referred to (another organisation's OrgUser, a link, an order...). */
export function undoCreatedAccounts(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  return deleteCreated(db, importJobId, 'accounts', 'p.person_id');
}

const ACCOUNT_COLUMNS = ['person_id', 'email'];

/**
 * Accounts that had no person of their own and got one (and maybe an e-mail) from the job: put
 * back while still the job's and that person is not a member in use (memberInUse).
 */
export function undoUpdatedAccounts(db: Db, importJobId: string, since: Date): Promise<UndoOutcomeRow[]> {
  return restoreUpdated(
    db,
    importJobId,
    'accounts',
    ACCOUNT_COLUMNS,
    "(c.after->>'person_id')::int",
    memberInUse(since, (r) => `${r}.person_id`),
  );
}

/**
 * Before the membership import's steps: the persons the job created and left as they were, whose
 * links or memberships the next steps delete. Deleting a link rewrites every person of its
 * household (a trigger moves their sync position), which would read as "changed since" at the
 * persons' step. They are taken first: rewritten unchanged by this transaction (which also locks
 * them against other writers) and logged at that version, so the persons' step finds them as the
 * job left them; a person someone else changed since keeps its other version and is refused as
 * before. Reports nothing.
 */
export async function holdCreatedMembers(db: Db, importJobId: string): Promise<UndoOutcomeRow[]> {
  await rawSet(
    db,
    `WITH held AS (
       UPDATE membership.persons p SET id = p.id
         FROM membership.import_changes c
        WHERE c.import_job_id = ? AND c.record_table = 'persons' AND c.record_key = '' AND c.before IS NULL
          AND c.record_id = p.id AND p.xmin = c.after_xmin
          AND p.id IN (SELECT m.person_id FROM membership.import_changes e JOIN membership.memberships m ON m.id = e.record_id
                        WHERE e.import_job_id = ? AND e.record_table = 'memberships'
                       UNION
                       SELECT l.person_id FROM membership.import_changes e JOIN membership.linked_persons l ON l.id = e.record_id
                        WHERE e.import_job_id = ? AND e.record_table = 'linked_persons')
       RETURNING p.id, p.xmin
     )
     UPDATE membership.import_changes c SET after_xmin = h.xmin
       FROM held h
      WHERE c.import_job_id = ? AND c.record_table = 'persons' AND c.record_key = '' AND c.record_id = h.id`,
    [importJobId, importJobId, importJobId, importJobId],
  );
  return [];
}
