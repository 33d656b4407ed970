import { MEMBER_CSV_HEADER, memberSearchOf, membersCsv, membersPath } from './memberSearch';

describe('the member search in the address', () => {
  it('reads the known fields and drops an unknown status', () => {
    expect(memberSearchOf('?text=+Fiona+&status=ACTIVE&periodId=3&x=1')).toEqual({ text: 'Fiona', status: 'ACTIVE', periodId: '3' });
    expect(memberSearchOf('?status=DROP%20TABLE')).toEqual({});
  });

  it('writes them back without empty ones', () => {
    expect(membersPath({ status: 'ACTIVE', text: 'Fiona Berg' })).toBe('/members?text=Fiona+Berg&status=ACTIVE');
    expect(membersPath({ text: ' ' })).toBe('/members');
  });
});

describe('the CSV export', () => {
  it('has a BOM, a header, CRLF lines, quoted cells, and formulas neutralised', () => {
    const csv = membersCsv([
      {
        firstName: '=HYPERLINK("http://evil","x")',
        lastName: 'Berg',
        dateOfBirth: '1984-03-12',
        email: null,
        membershipNumber: '-7',
        status: 'ACTIVE',
        periodName: 'Season 2026',
        membershipTypeName: 'Individual',
        memberType: 'new',
        userKeys: ['anna.berg', '@home'],
      },
    ]);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(`\uFEFF${MEMBER_CSV_HEADER.map((h) => `"${h}"`).join(',')}`);
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil"",""x"")","Berg","1984-03-12","","'-7","ACTIVE","Season 2026","Individual","new","anna.berg @home"`,
    );
    expect(end).toBe('');
  });
});
