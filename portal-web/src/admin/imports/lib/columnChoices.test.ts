import { columnsProblems } from './columnChoices';

const FIELDS = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'email', label: 'Email', required: false },
];

describe('the columns stage’s live check', () => {
  it('names required fields without a column and fields fed twice', () => {
    expect(columnsProblems(FIELDS, ['firstName', 'email', 'email', null])).toEqual({
      missing: [FIELDS[1]],
      duplicates: [FIELDS[2]],
    });
  });

  it('a complete choice has no problems; ignored columns are no problem', () => {
    expect(columnsProblems(FIELDS, [null, 'lastName', 'firstName', null])).toEqual({ missing: [], duplicates: [] });
  });
});
