/**
 * The typed outcomes of the per-row table (contract "RowFailureMetadata"): `category` is a free
 * string, and one this portal does not know is rendered as GENERIC, with its description.
 */
export type FailureKind = 'UNRESOLVED_PERSON' | 'FK_MISMATCH' | 'FAILED' | 'GENERIC';

const KNOWN: readonly FailureKind[] = ['UNRESOLVED_PERSON', 'FK_MISMATCH', 'FAILED'];

export interface RowFailure {
  category: string;
  description: string | null;
  rawFirstName: string | null;
  rawLastName: string | null;
  fkType: string | null;
  fkValue: string | null;
}

export function failureKind(category: string): FailureKind {
  return (KNOWN as readonly string[]).includes(category) ? (category as FailureKind) : 'GENERIC';
}

export interface FailureTexts {
  UNRESOLVED_PERSON: (first: string, last: string) => string;
  FK_MISMATCH: (type: string, value: string) => string;
  FAILED: string;
  GENERIC: string;
}

/** What the table shows of a failure: a headline by kind and the server's description under it. */
export function describeFailure(
  failure: RowFailure,
  texts: FailureTexts,
  fkLabel: (fkType: string) => string,
): { kind: FailureKind; headline: string; detail: string | null } {
  const kind = failureKind(failure.category);
  switch (kind) {
    case 'UNRESOLVED_PERSON':
      return {
        kind,
        headline: texts.UNRESOLVED_PERSON(failure.rawFirstName ?? '', failure.rawLastName ?? ''),
        detail: failure.description,
      };
    case 'FK_MISMATCH':
      return { kind, headline: texts.FK_MISMATCH(fkLabel(failure.fkType ?? ''), failure.fkValue ?? ''), detail: failure.description };
    case 'FAILED':
      return { kind, headline: failure.description ?? texts.FAILED, detail: null };
    case 'GENERIC':
      return { kind, headline: failure.description ?? texts.GENERIC, detail: null };
  }
}
