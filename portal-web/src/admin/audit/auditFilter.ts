import { addressFilterOf, addressFilterPath, type AddressFilterValues } from '../work/addressFilter';

/**
 * The audit log screen's filter lives in the address (`/audit?action=…&subjectId=…`), so another
 * screen can link to a subject's trail and a filtered view can be bookmarked.
 */
export const AUDIT_FILTER_FIELDS = ['action', 'actorUserKey', 'subjectType', 'subjectId', 'since', 'until'] as const;

export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export type AuditFilterValues = AddressFilterValues<AuditFilterField>;

export function auditFilterOf(search: string): AuditFilterValues {
  return addressFilterOf(search, AUDIT_FILTER_FIELDS);
}

export function auditPath(filter: AuditFilterValues): string {
  return addressFilterPath('/audit', AUDIT_FILTER_FIELDS, filter);
}

/** A state as an object of fields; anything else (not JSON, not an object) under the key "value". */
function fieldsOf(json: string | null): Record<string, unknown> {
  if (json === null) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return { value };
  } catch {
    return { value: json };
  }
}

const shown = (v: unknown): string => (v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v));

/** What changed, field by field (`status: unpaid → paid`); a field that stayed the same is left out. */
export function changeLines(before: string | null, after: string | null): string[] {
  const from = fieldsOf(before);
  const to = fieldsOf(after);
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => `${key}: ${shown(from[key])} → ${shown(to[key])}`);
}
