import { InputError } from '@ems/schema';
import { PARTICIPANT_FIELDS } from '../../flows/eventParticipants/fields';
import { applyOperatorMappings, autoMatchColumns, columnsComplete, ignoredColumns } from './columns';

const base = { fields: PARTICIPANT_FIELDS, mode: { source: 'none' as const }, template: null, customHeaders: [] };

describe('columns stage', () => {
  it('auto-matches names and aliases case-insensitively, and ignores the rest (F9)', () => {
    const state = autoMatchColumns({ ...base, header: ['VORNAME', 'Last_Name', 'geb. datum', 'T-Shirt', 'Startnummer'] });
    expect(state.mappings.map((m) => [m.field, m.matchedBy])).toEqual([
      ['firstName', 'ALIAS'],
      ['lastName', 'NAME'],
      ['dateOfBirth', 'ALIAS'],
      [null, 'NONE'],
      ['bib', 'ALIAS'],
    ]);
    expect(columnsComplete(state)).toBe(true);
    expect(ignoredColumns(state)).toEqual(['T-Shirt']);
  });

  it('knows the headers of German club lists: Familienname, Geb. am', () => {
    const state = autoMatchColumns({ ...base, header: ['Vorname', 'Familienname', 'Geb. am'] });
    expect(state.mappings.map((m) => m.field)).toEqual(['firstName', 'lastName', 'dateOfBirth']);
    expect(columnsComplete(state)).toBe(true);
  });

  it('waits for the operator when a required field has no column', () => {
    const state = autoMatchColumns({ ...base, header: ['First name', 'Club'] });
    expect(state.missingRequired).toEqual(['lastName']);
    expect(columnsComplete(state)).toBe(false);
  });

  it('waits for the operator when two columns feed one field', () => {
    const state = autoMatchColumns({ ...base, header: ['First name', 'Last name', 'Email', 'E-Mail'] });
    expect(state.duplicates).toEqual([{ field: 'email', columns: [2, 3] }]);
    expect(columnsComplete(state)).toBe(false);
  });

  it('reads a self-only column only from this system’s own export', () => {
    const header = ['Person ID', 'First name', 'Last name'];
    expect(autoMatchColumns({ ...base, header }).mappings[0]?.field).toBeNull();
    expect(autoMatchColumns({ ...base, header, mode: { source: 'self' } }).mappings[0]?.field).toBe('personId');
  });

  it('prefers the template variant’s remembered choice (F10)', () => {
    const state = autoMatchColumns({
      ...base,
      header: ['Name', 'Given', 'Klasse'],
      template: {
        key: 'timing-co',
        mappings: [
          { header: 'Given', field: 'firstName' },
          { header: 'Name', field: 'lastName' },
          { header: 'Klasse', field: null },
        ],
      },
    });
    expect(state.mappings.map((m) => [m.field, m.matchedBy])).toEqual([
      ['lastName', 'TEMPLATE'],
      ['firstName', 'TEMPLATE'],
      [null, 'TEMPLATE'],
    ]);
    expect(state.templateVariantKey).toBe('timing-co');
  });

  it('keeps the createCustom columns as custom fields', () => {
    const state = autoMatchColumns({ ...base, header: ['First name', 'Last name', 'T-Shirt'], customHeaders: ['t-shirt', null, null] });
    expect(state.mappings[2]).toMatchObject({ field: 'custom1', matchedBy: 'CUSTOM' });
  });

  it('applies the operator’s mapping and refuses one that leaves a required field without a column', () => {
    const state = autoMatchColumns({ ...base, header: ['Given', 'Family', 'Club'] });
    const mode = { source: 'none' as const };
    expect(() => applyOperatorMappings(state, [{ column: 0, field: 'firstName' }], PARTICIPANT_FIELDS, mode)).toThrow(InputError);
    const done = applyOperatorMappings(
      state,
      [
        { column: 0, field: 'firstName' },
        { column: 1, field: 'lastName' },
      ],
      PARTICIPANT_FIELDS,
      mode,
    );
    expect(columnsComplete(done)).toBe(true);
    expect(done.mappings[0]?.matchedBy).toBe('OPERATOR');
    expect(() => applyOperatorMappings(state, [{ column: 9, field: 'firstName' }], PARTICIPANT_FIELDS, mode)).toThrow(
      'Column 9 is not in the file',
    );
  });
});
