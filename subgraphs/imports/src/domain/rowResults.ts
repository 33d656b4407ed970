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

export function fkMismatch(fkType: string, fkValue: string): RowFailure {
  return { category: 'FK_MISMATCH', fkType, fkValue, description: `No ${fkType} "${fkValue}" was chosen for this value` };
}

export function unresolvedPerson(rawFirstName: string, rawLastName: string, description: string): RowFailure {
  return { category: 'UNRESOLVED_PERSON', rawFirstName, rawLastName, description };
}

export function numberChangeRefused(description: string): RowFailure {
  return { category: 'NUMBER_CHANGE_REFUSED', description };
}
