import { InputError } from '@ems/schema';
import { auditEntriesOfOrganisations, type AuditEntryRow } from '../../data/auditLog';
import type { Db } from '../../data/db';
import type { DataScope } from '../scope';

export interface AuditLogFilter {
  organisationId?: string | null;
  action?: string | null;
  actorUserKey?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  since?: string | null;
  until?: string | null;
}

export interface AuditLogPageView {
  entries: AuditEntryRow[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

/**
 * `Query.operatorAuditLog`: the entries of the organisations the caller administers (all of
 * them, or the one asked for when it is theirs), newest first. Anyone else, and another
 * organisation's id, reads an empty log: nothing tells them whether entries exist.
 */
export async function operatorAuditLog(
  db: Db,
  scope: DataScope | null,
  args: { filter?: AuditLogFilter | null; first?: number | null; after?: string | null },
): Promise<AuditLogPageView> {
  const filter = args.filter ?? {};
  const admin = [...(scope?.adminOrganisationIds ?? [])];
  const organisationIds = filter.organisationId ? admin.filter((id) => String(id) === filter.organisationId) : admin;
  const limit = Math.min(Math.max(args.first ?? DEFAULT_PAGE, 1), MAX_PAGE);
  const rows = await auditEntriesOfOrganisations(db, {
    organisationIds,
    action: filter.action?.trim(),
    actorUserKey: filter.actorUserKey?.trim(),
    subjectType: filter.subjectType?.trim(),
    subjectId: filter.subjectId?.trim(),
    since: validInstant(filter.since, 'since'),
    until: validInstant(filter.until, 'until'),
    beforeId: args.after && /^\d{1,18}$/.test(args.after) ? args.after : null,
    limit: limit + 1,
  });
  const entries = rows.slice(0, limit);
  return { entries, nextCursor: rows.length > limit ? String(entries[entries.length - 1]!.id) : null };
}

/** An ISO 8601 date or instant; anything else is the caller's mistake (INVALID_DATE), never a 5xx. */
function validInstant(value: string | null | undefined, name: string): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InputError(`${name} must be an ISO 8601 date or instant`, { code: 'INVALID_DATE' });
  }
  return new Date(value).toISOString();
}
