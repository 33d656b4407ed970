import type { Knex } from '@ems/db';
import type { UndoRefusal } from '../domain/rowProcessor';

/** The records an undo left, in the order it reported them; one statement. */
export async function insertUndoRefusals(trx: Knex.Transaction, jobId: string, refusals: readonly UndoRefusal[]): Promise<void> {
  if (refusals.length === 0) return;
  await trx.raw(
    `INSERT INTO imports.undo_refusals (job_id, seq, row_no, record, record_id, person_id, reason, message, referenced_by)
     SELECT ?, r.seq, r.row_no, r.record, r.record_id, r.person_id, r.reason, r.message,
            coalesce(ARRAY(SELECT jsonb_array_elements_text(r.referenced_by)), '{}')
       FROM unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[], ?::jsonb[])
         AS r(seq, row_no, record, record_id, person_id, reason, message, referenced_by)`,
    [
      jobId,
      refusals.map((_, i) => i + 1),
      refusals.map((r) => r.rowNo),
      refusals.map((r) => r.record),
      refusals.map((r) => r.recordId),
      refusals.map((r) => r.personId),
      refusals.map((r) => r.reason),
      refusals.map((r) => r.message),
      refusals.map((r) => JSON.stringify(r.referencedBy)),
    ] as unknown as Knex.RawBinding[],
  );
}

export interface UndoRefusalPage {
  refused: UndoRefusal[];
  /** Pass as `after` for the next page; null at the end. */
  nextAfter: number | null;
}

/** A page of an undo's refusals in the order the undo reported them (`after`: a position, 0 first). */
export async function undoRefusalsPage(db: Knex, jobId: string, page: { after: number; first: number }): Promise<UndoRefusalPage> {
  const rows = (await db('imports.undo_refusals')
    .where({ jobId })
    .where('seq', '>', page.after)
    .orderBy('seq')
    .limit(page.first + 1)
    .select('seq', 'rowNo', 'record', 'recordId', 'personId', 'reason', 'message', 'referencedBy')) as Array<UndoRefusal & { seq: number }>;
  const more = rows.length > page.first;
  const shown = more ? rows.slice(0, page.first) : rows;
  return {
    refused: shown.map((r) => ({
      rowNo: r.rowNo,
      record: r.record,
      recordId: r.recordId,
      personId: r.personId,
      reason: r.reason,
      message: r.message,
      referencedBy: r.referencedBy,
    })),
    nextAfter: more ? (shown.at(-1)?.seq ?? null) : null,
  };
}
