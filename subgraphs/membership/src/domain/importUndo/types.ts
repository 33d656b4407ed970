/**
 * What an import's undo answers (`undoImportChanges`, docs/imports.md "Undo"): how many records of
 * each kind it deleted or put back, and every record it left as it is, with the reason.
 */

export type UndoRecordKind =
  | 'PERSON'
  | 'PARTICIPANT'
  | 'EXTERNAL_ID'
  | 'MERGE_CANDIDATE'
  | 'EVENT'
  // The membership import's.
  | 'MEMBERSHIP'
  | 'ORDER'
  | 'LINKED_PERSON'
  | 'ORG_USER'
  | 'ACCOUNT';

/** Done: the record was deleted, put back, or was already gone (nothing to do). */
export type UndoDoneOutcome = 'DELETED' | 'RESTORED' | 'ALREADY_GONE';

/** Why a record was left as it is now. */
export type UndoRefusalReason = 'CHANGED_SINCE' | 'DELETED_SINCE' | 'REFERENCED' | 'BIB_TAKEN' | 'ORDER_KEPT';

export interface ImportUndoRefusal {
  /** The caller's key of the row that (last) wrote the record: the import's row number; null for the job as a whole. */
  rowKey: number | null;
  record: UndoRecordKind;
  /** The record's id (an external id: `sourceSystemId:externalId`). */
  recordId: string;
  /** The person the record is or belongs to, when there is one. */
  personId: number | null;
  reason: UndoRefusalReason;
  /** REFERENCED: the tables that refer to the record (or use it: a household's memberships); ORDER_KEPT: what keeps the order. */
  referencedBy: string[];
}

export interface ImportUndoCount {
  record: UndoRecordKind;
  outcome: UndoDoneOutcome | UndoRefusalReason;
  count: number;
}

export interface ImportUndoResult {
  counts: ImportUndoCount[];
  refused: ImportUndoRefusal[];
}

export const UNDO_REFUSAL_MESSAGES: Record<UndoRefusalReason, string> = {
  CHANGED_SINCE: 'Changed after the import; kept as it is now.',
  DELETED_SINCE: 'Deleted after the import; there is nothing to put back.',
  REFERENCED: 'Now in use elsewhere; kept.',
  BIB_TAKEN: 'The bib it had before the import now belongs to another participant; kept as it is now.',
  ORDER_KEPT: 'Its order stays (a payment was started or made, or the order changed after the import); kept with it.',
};
