import { csvRecord } from '@ems/schema/rules';
import { addressFilterOf, addressFilterPath, type AddressFilterValues } from '../work/addressFilter';

/** The member list's search lives in the address (`/members?text=…&status=…`), as the audit log's filter. */
export const MEMBER_SEARCH_FIELDS = ['text', 'periodId', 'membershipTypeCode', 'status'] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];
export type MemberSearchValues = AddressFilterValues<MemberSearchField>;

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'PENDING_PAYMENT', 'CANCELLED'] as const;
export type MembershipStatusValue = (typeof MEMBERSHIP_STATUSES)[number];

export function memberSearchOf(search: string): MemberSearchValues {
  const values = addressFilterOf(search, MEMBER_SEARCH_FIELDS);
  if (values.status && !(MEMBERSHIP_STATUSES as readonly string[]).includes(values.status)) delete values.status;
  return values;
}

export function membersPath(values: MemberSearchValues): string {
  return addressFilterPath('/members', MEMBER_SEARCH_FIELDS, values);
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
