import { isAcceptedText } from '@ems/schema/rules';

/**
 * RowFailureMetadata. `category` is a free string (forward compatible: a front end renders a
 * category it does not know as GENERIC). The categories used today and their fields:
 * - UNRESOLVED_PERSON: rawFirstName, rawLastName (the row names a person the import cannot determine)
 * - FK_MISMATCH: fkType, fkValue (a foreign-key value that matched no record, or several, and the
 *   operator chose none)
 * - FAILED: description (any other refusal: an invalid date, a taken bib...)
 * - NUMBER_CHANGE_REFUSED: description (on a row that was applied otherwise: the result import
 *   recorded the result but did not give the participant the row's new bib)
 */
export type RowFailure =
  | { category: 'UNRESOLVED_PERSON'; rawFirstName: string; rawLastName: string; description: string }
  | { category: 'FK_MISMATCH'; fkType: string; fkValue: string; description: string }
  | { category: 'FAILED'; description: string }
  | { category: 'NUMBER_CHANGE_REFUSED'; description: string };

export function failed(description: string): RowFailure {
  return { category: 'FAILED', description };
}

/** The foreign keys as an operator reads them in a failure: the value's name, and what it was looked up in. */
const FK_WORDS: Record<string, { name: string; among: string }> = {
  category: { name: 'Category', among: "the event's categories" },
  membershipType: { name: 'Membership type', among: "the club's membership types" },
  period: { name: 'Period', among: "the club's periods" },
};

/** A value the cells stage asked about and the operator answered "none" for. */
export function fkMismatch(fkType: string, fkValue: string): RowFailure {
  const words = FK_WORDS[fkType] ?? { name: fkType, among: 'the choices' };
  return {
    category: 'FK_MISMATCH',
    fkType,
    fkValue,
    description: `${words.name} "${fkValue}" is none of ${words.among} ("none" was chosen for it)`,
  };
}

export function unresolvedPerson(rawFirstName: string, rawLastName: string, description: string): RowFailure {
  return { category: 'UNRESOLVED_PERSON', rawFirstName, rawLastName, description };
}

export function numberChangeRefused(description: string): RowFailure {
  return { category: 'NUMBER_CHANGE_REFUSED', description };
}

/** The longest cell any flow reads. */
export const MAX_CELL_TEXT = 200;

/** What every flow refuses in a row's cells, whatever the field: control characters, or a cell longer than MAX_CELL_TEXT. */
export function cellFailure(values: Iterable<string | null>): RowFailure | null {
  for (const value of values) {
    if (value && !isAcceptedText(value)) return failed('A cell contains control characters, which are not accepted');
    if (value && value.length > MAX_CELL_TEXT) return failed(`A cell is longer than ${MAX_CELL_TEXT} characters`);
  }
  return null;
}
