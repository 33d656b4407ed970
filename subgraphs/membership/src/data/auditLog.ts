import type { Db } from './db';

/** One row of membership.audit_log (migration 20261125190000). */
export interface AuditEntryRow {
  id: string;
  registrationSystemId: number;
  organisationId: number;
  actorAccountId: number | null;
  actorUserKey: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export type NewAuditEntry = Omit<AuditEntryRow, 'id' | 'createdAt'>;

export async function insertAuditEntries(db: Db, entries: readonly NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db('membership.auditLog').insert(
    entries.map((e) => ({
      ...e,
      // jsonb from text: knex would send a JS array as a PostgreSQL array, not JSON.
      before: e.before === null || e.before === undefined ? null : JSON.stringify(e.before),
      after: e.after === null || e.after === undefined ? null : JSON.stringify(e.after),
    })),
  );
}

export interface AuditEntryQuery {
  organisationIds: readonly number[];
  action?: string | null;
  actorUserKey?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  /** Inclusive ISO instants or dates. */
  since?: string | null;
  until?: string | null;
  /** Keyset: entries with a smaller id (newest first). */
  beforeId?: string | null;
  limit: number;
}

/** The organisations' entries, newest first, filtered; one statement. */
export async function auditEntriesOfOrganisations(db: Db, q: AuditEntryQuery): Promise<AuditEntryRow[]> {
  if (q.organisationIds.length === 0) return [];
  const query = db('membership.auditLog').whereIn('organisationId', q.organisationIds).orderBy('id', 'desc').limit(q.limit).select('*');
  if (q.action) query.where('action', q.action);
  if (q.actorUserKey) query.where('actorUserKey', q.actorUserKey);
  if (q.subjectType) query.where('subjectType', q.subjectType);
  if (q.subjectId) query.where('subjectId', q.subjectId);
  if (q.since) query.where('createdAt', '>=', q.since);
  if (q.until) query.where('createdAt', '<=', q.until);
  if (q.beforeId) query.where('id', '<', q.beforeId);
  return query;
}
