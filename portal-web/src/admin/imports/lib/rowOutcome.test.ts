import { importTexts } from '../texts';
import { describeFailure, failureKind, type RowFailure } from './rowOutcome';

const none: RowFailure = { category: '', description: null, rawFirstName: null, rawLastName: null, fkType: null, fkValue: null };
const describe_ = (f: Partial<RowFailure>) => describeFailure({ ...none, ...f }, importTexts.summary.failure, (t) => t.toUpperCase());

describe('typed row outcomes (RowFailureMetadata)', () => {
  it('UNRESOLVED_PERSON shows the raw names', () => {
    expect(
      describe_({ category: 'UNRESOLVED_PERSON', rawFirstName: 'Ana', rawLastName: 'Ruiz', description: 'Person ID 9 is not ours' }),
    ).toEqual({
      kind: 'UNRESOLVED_PERSON',
      headline: 'Person not found: Ana Ruiz',
      detail: 'Person ID 9 is not ours',
    });
  });

  it('FK_MISMATCH shows the type and the value', () => {
    expect(describe_({ category: 'FK_MISMATCH', fkType: 'category', fkValue: 'M99' })).toMatchObject({
      kind: 'FK_MISMATCH',
      headline: 'CATEGORY “M99” matches no record',
    });
  });

  it('FAILED shows its description', () => {
    expect(describe_({ category: 'FAILED', description: 'First name is empty' })).toMatchObject({
      kind: 'FAILED',
      headline: 'First name is empty',
    });
  });

  it('a category this portal does not know is GENERIC, with its description', () => {
    expect(failureKind('NUMBER_CHANGE_REFUSED')).toBe('GENERIC');
    expect(describe_({ category: 'SOMETHING_NEW', description: 'Explained by the server' })).toEqual({
      kind: 'GENERIC',
      headline: 'Explained by the server',
      detail: null,
    });
    expect(describe_({ category: 'SOMETHING_NEW' }).headline).toBe('Problem');
  });
});
