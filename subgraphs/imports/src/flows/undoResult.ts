import { UNDO_REFUSAL_MESSAGES, type ImportUndoRefusal, type ImportUndoResult } from '@ems/membership/events';
import type { UndoResult } from '../domain/rowProcessor';

/** Why the undo left a record, as the operator reads it. */
function undoRefusalMessage(refusal: ImportUndoRefusal): string {
  const message = UNDO_REFUSAL_MESSAGES[refusal.reason];
  if (refusal.reason !== 'REFERENCED' || refusal.referencedBy.length === 0) return message;
  return `Now used by ${refusal.referencedBy.map((t) => t.replace(/_/g, ' ')).join(', ')}; kept.`;
}

/** membership's undo answer (undoImportChanges) as the framework records it: refusals by row, with messages. */
export function undoResultOf(undone: ImportUndoResult): UndoResult {
  return {
    counts: undone.counts,
    refused: undone.refused.map((r) => ({
      rowNo: r.rowKey,
      record: r.record,
      recordId: r.recordId,
      personId: r.personId,
      reason: r.reason,
      message: undoRefusalMessage(r),
      referencedBy: r.referencedBy,
    })),
  };
}
