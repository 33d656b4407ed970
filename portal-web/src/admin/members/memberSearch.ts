import { csvRecord } from '@ems/schema/rules';

/** The member list's search lives in the address (`/members?text=…&status=…`), as the audit log's filter. */
export const MEMBER_SEARCH_FIELDS = ['text', 'periodId', 'membershipTypeCode', 'status'] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];
export type MemberSearchValues = Partial<Record<MemberSearchField, string>>;

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'PENDING_PAYMENT', 'CANCELLED'] as const;
export type MembershipStatusValue = (typeof MEMBERSHIP_STATUSES)[number];

export function memberSearchOf(search: string): MemberSearchValues {
  const params = new URLSearchParams(search);
  const values: MemberSearchValues = {};
  for (const field of MEMBER_SEARCH_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) values[field] = value;
  }
  if (values.status && !(MEMBERSHIP_STATUSES as readonly string[]).includes(values.status)) delete values.status;
  return values;
}

export function membersPath(values: MemberSearchValues): string {
  const params = new URLSearchParams();
  for (const field of MEMBER_SEARCH_FIELDS) {
    const value = values[field]?.trim();
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `/members?${query}` : '/members';
}

export interface ExportedMember {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  membershipNumber: string | null;
  status: string;
  periodName: string;
  membershipTypeName: string;
  memberType: string;
  userKeys: string[];
}

export const MEMBER_CSV_HEADER = [
  'First name',
  'Last name',
  'Date of birth',
  'E-mail',
  'Membership number',
  'Status',
  'Period',
  'Membership type',
  'Member type',
  'User keys',
];

/**
 * The filtered member list as a CSV file's text: UTF-8 with a BOM (Excel reads it as UTF-8),
 * CRLF, every cell quoted and neutralised against formula injection (@ems/schema/rules).
 */
export function membersCsv(rows: readonly ExportedMember[]): string {
  const lines = [csvRecord(MEMBER_CSV_HEADER)];
  for (const r of rows) {
    lines.push(
      csvRecord([
        r.firstName,
        r.lastName,
        r.dateOfBirth,
        r.email,
        r.membershipNumber,
        r.status,
        r.periodName,
        r.membershipTypeName,
        r.memberType,
        r.userKeys.join(' '),
      ]),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
