import { readResultRow } from './rows';

const row = (values: Record<string, string>) => ({ rowNo: 7, values, custom: [null, null, null] as [null, null, null] });
const read = (values: Record<string, string>, mode: Parameters<typeof readResultRow>[1] = 'BIB') => readResultRow(row(values), mode);

describe('readResultRow: a result row, checked before its participant is looked up', () => {
  it('a finisher: the key, the time in milliseconds, FINISHED', () => {
    expect(read({ bib: ' 12 ', time: '0:41:07.3', status: '' })).toEqual({
      rowNo: 7,
      key: '12',
      status: 'FINISHED',
      timeMs: 2_467_300,
      newBib: null,
      firstName: '',
      lastName: '',
    });
  });

  it.each([
    ['OK', 'FINISHED'],
    ['Finished', 'FINISHED'],
    ['dnf', 'DNF'],
    ['Aufgegeben', 'DNF'],
    ['DNS', 'DNS'],
    ['did  not start', 'DNS'],
    ['DQ', 'DSQ'],
    ['Disqualifiziert', 'DSQ'],
  ])('status column %s is %s', (word, status) => {
    expect(read({ bib: '1', time: '0:30:00', status: word })).toMatchObject({ status });
  });

  it('DNF, DNS or DSQ in the time column is the status, without a time', () => {
    expect(read({ bib: '1', time: 'DNF' })).toMatchObject({ status: 'DNF', timeMs: null });
    expect(read({ bib: '1', time: 'dsq', status: 'DSQ' })).toMatchObject({ status: 'DSQ', timeMs: null });
  });

  it('a non-finisher keeps a time given with it; a finisher needs one', () => {
    expect(read({ bib: '1', time: '0:29:00', status: 'DSQ' })).toMatchObject({ status: 'DSQ', timeMs: 1_740_000 });
    expect(read({ bib: '1', time: '', status: 'DNS' })).toMatchObject({ status: 'DNS', timeMs: null });
    expect(read({ bib: '1', time: '', status: 'OK' })).toEqual({ category: 'FAILED', description: 'A finished result needs a time' });
  });

  it('the key of the mode; the bib is a new number only outside BIB mode', () => {
    expect(read({ participantId: '42', bib: '101', time: '0:30:00' }, 'PARTICIPANT_ID')).toMatchObject({ key: '42', newBib: '101' });
    expect(read({ externalId: 'TC-9', bib: '', time: '0:30:00' }, 'EXTERNAL_ID')).toMatchObject({ key: 'TC-9', newBib: null });
    expect(read({ participantId: '4x', time: '0:30:00' }, 'PARTICIPANT_ID')).toEqual({
      category: 'FAILED',
      description: 'Participant ID "4x" is not a number',
    });
  });

  it('no key: the row names no participant (UNRESOLVED_PERSON with the names it gives)', () => {
    expect(read({ bib: '', firstName: 'Ada', lastName: 'Lane', time: '0:30:00' })).toEqual({
      category: 'UNRESOLVED_PERSON',
      rawFirstName: 'Ada',
      rawLastName: 'Lane',
      description: 'The row has no bib, so it names no participant',
    });
  });

  it('refuses control characters and over-long cells like every flow', () => {
    expect(read({ bib: '1', time: '0:30:00', lastName: 'La\u0007ne' })).toMatchObject({
      category: 'FAILED',
      description: expect.stringContaining('control'),
    });
    expect(read({ bib: '1', time: '0:30:00', lastName: 'x'.repeat(201) })).toMatchObject({
      description: 'A cell is longer than 200 characters',
    });
  });
});
