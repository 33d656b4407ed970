import { ConflictError } from '@ems/schema';
import type { Db } from '../../data/db';
import {
  entriesLeft,
  holdCreatedMembers,
  lockCreatedOrders,
  undoCreatedAccounts,
  undoCreatedLinks,
  undoCreatedMemberships,
  undoCreatedOrders,
  undoCreatedOrgUsers,
  undoUpdatedAccounts,
  undoUpdatedOrgUsers,
  undoCreatedParticipants,
  undoCreatedPersons,
  undoEventLabels,
  undoExternalIds,
  undoMergeCandidates,
  undoUpdatedParticipantsPrepare,
  undoUpdatedParticipantsRestore,
  undoUpdatedPersons,
  type UndoOutcomeRow,
} from '../../data/importUndo';
import { lockEventForWrite } from '../../data/participants';
import type { ImportUndoCount, ImportUndoRefusal, ImportUndoResult, UndoRecordKind, UndoRefusalReason } from './types';

export interface ImportUndoTarget {
  importJobId: string;
  registrationSystemId: number;
  /** The event the job wrote into: locked first, as every import into it locks it. Null for flows without an event. */
  eventId: number | null;
  /** When the import's file was uploaded: what a membership created since relies on stays (memberInUse). */
  since: Date;
}

interface UndoStep {
  record: UndoRecordKind;
  run(db: Db, target: ImportUndoTarget): Promise<UndoOutcomeRow[]>;
}

/**
 * In this order: the job's orders locked (as settlement locks an order before its persons), then
 * what refers to persons (the job's merge candidates, memberships and their orders,
 * links, accounts, participants, external ids) goes before the persons, so that a person the job
 * created is referred to only by what is not the job's own.
 */
const UNDO_STEPS: readonly UndoStep[] = [
  { record: 'ORDER', run: (db, t) => lockCreatedOrders(db, t.importJobId) },
  { record: 'MERGE_CANDIDATE', run: (db, t) => undoMergeCandidates(db, t.importJobId) },
  // The membership import's: memberships before their orders, links and OrgUser rows before their accounts.
  { record: 'PERSON', run: (db, t) => holdCreatedMembers(db, t.importJobId) },
  { record: 'MEMBERSHIP', run: (db, t) => undoCreatedMemberships(db, t.importJobId) },
  { record: 'ORDER', run: (db, t) => undoCreatedOrders(db, t.importJobId) },
  { record: 'LINKED_PERSON', run: (db, t) => undoCreatedLinks(db, t.importJobId, t.since) },
  { record: 'ORG_USER', run: (db, t) => undoCreatedOrgUsers(db, t.importJobId, t.since) },
  { record: 'ORG_USER', run: (db, t) => undoUpdatedOrgUsers(db, t.importJobId) },
  { record: 'ACCOUNT', run: (db, t) => undoUpdatedAccounts(db, t.importJobId, t.since) },
  { record: 'ACCOUNT', run: (db, t) => undoCreatedAccounts(db, t.importJobId) },
  { record: 'PARTICIPANT', run: (db, t) => undoCreatedParticipants(db, t.importJobId) },
  { record: 'PARTICIPANT', run: (db, t) => undoUpdatedParticipantsPrepare(db, t.importJobId) },
  { record: 'PARTICIPANT', run: (db, t) => undoUpdatedParticipantsRestore(db, t.importJobId) },
  { record: 'EXTERNAL_ID', run: (db, t) => undoExternalIds(db, t.importJobId, t.registrationSystemId) },
  { record: 'PERSON', run: (db, t) => undoUpdatedPersons(db, t.importJobId) },
  { record: 'PERSON', run: (db, t) => undoCreatedPersons(db, t.importJobId) },
  { record: 'EVENT', run: (db, t) => undoEventLabels(db, t.importJobId) },
];

function isBibCollision(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'participants_bib';
}

/**
 * Undoes what an import job wrote through this package (`membership.import_changes`): deletes
 * what it created and puts back what it updated, record by record, unless something else changed
 * the record since or (for what it created) now refers to it; those are left as they are and
 * answered. A fixed number of statements (about one per step) for any size of job, inside the caller's
 * transaction; all of it or, on an error, none of it. Taking the log's entries as it goes, it
 * finds nothing to do for a job it has undone before.
 */
export async function undoImportChanges(db: Db, target: ImportUndoTarget): Promise<ImportUndoResult> {
  // Imports into the event wait (and we wait for one that is writing): no import chunk interleaves with the undo.
  if (target.eventId !== null) await lockEventForWrite(db, target.eventId);
  const counts = new Map<string, ImportUndoCount>();
  const refused: ImportUndoRefusal[] = [];
  for (const step of UNDO_STEPS) {
    let rows: UndoOutcomeRow[];
    try {
      rows = await step.run(db, target);
    } catch (err) {
      // Two participants' earlier bibs collide in a way the check did not foresee (a chain of
      // bibs that moved after the import): nothing is undone, the operator hears why.
      if (isBibCollision(err)) {
        throw new ConflictError('The participants’ earlier bibs collide with bibs given out since the import; nothing was undone', {
          code: 'IMPORT_UNDO_BIB_CONFLICT',
        });
      }
      throw err;
    }
    for (const row of rows) {
      const key = `${step.record}:${row.outcome}`;
      const count = counts.get(key) ?? { record: step.record, outcome: row.outcome as ImportUndoCount['outcome'], count: 0 };
      count.count += row.n;
      counts.set(key, count);
      if (row.recordId !== null) {
        refused.push({
          rowKey: row.rowKey,
          record: step.record,
          recordId: row.recordId,
          personId: row.personId,
          reason: row.outcome as UndoRefusalReason,
          referencedBy: row.referencedBy ?? [],
        });
      }
    }
  }
  const left = await entriesLeft(db, target.importJobId);
  if (left.length > 0) throw new Error(`import ${target.importJobId} changed ${left.join(', ')}, which the undo has no step for`);
  refused.sort((a, b) => (a.rowKey ?? 0) - (b.rowKey ?? 0));
  return { counts: [...counts.values()], refused };
}
