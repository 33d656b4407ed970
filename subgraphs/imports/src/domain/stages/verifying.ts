/**
 * The verifying stage (F7, fingerprint check): on a sample of rows, the persons they match and
 * the field-level changes the import would make. When the pattern says "wrong file or wrong
 * source", the job stops at FINGERPRINT_WARNING for the operator to acknowledge or abort (or goes
 * on at once when the upload said `acknowledgeFingerprintWarning`). A no-op without a source
 * system; bypassed for flows without `supportsFingerprintCheck()` (contract).
 */

export interface FieldChange {
  field: string;
  current: string | null;
  file: string | null;
  /** Whether the import would write it (e.g. personal data only with updatePII). */
  applied: boolean;
}

export interface SampleComparison {
  rowNo: number;
  file: Record<string, string>;
  personId: number | null;
  matchKind: string | null;
  changes: FieldChange[];
}

export interface FingerprintWarning {
  code: 'KEYS_MATCH_OTHER_PERSONS' | 'NO_KNOWN_KEYS';
  message: string;
}

export interface Verification {
  performed: boolean;
  /** Why the check did not run (no source system; a flow without the check). */
  skippedBecause: string | null;
  sample: SampleComparison[];
  warning: FingerprintWarning | null;
  /** The operator (or the upload's flag) accepted the warning. */
  acknowledged: boolean;
}

/** Rows compared in the sample. */
export const SAMPLE_SIZE = 50;

export function skippedVerification(reason: string): Verification {
  return { performed: false, skippedBecause: reason, sample: [], warning: null, acknowledged: false };
}
