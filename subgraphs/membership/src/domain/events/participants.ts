import type { Db } from '../../data/db';
import {
  customOf,
  insertPersons,
  loadWriteState,
  lockEventForWrite,
  recordExternalIds,
  updatePersons,
  writeParticipants,
  type ParticipantValues,
  type WriteState,
} from '../../data/participants';
import type { ParticipantRejection, ParticipantWrite, ParticipantWriteResult } from './types';

/**
 * What a row asks for, decided against the stored state before anything is written (pure). A
 * value the row leaves null never erases a stored one (a file without an e-mail column keeps the
 * e-mails), so importing the same file again changes nothing.
 */
export type RowPlan =
  | { key: number; rejected: ParticipantRejection }
  | {
      key: number;
      rejected: null;
      /** Null: a new person. */
      personId: number | null;
      newPerson: boolean;
      /** The person's new name, date of birth and e-mail, when they change. */
      personUpdate: { firstName: string; lastName: string; dateOfBirth: string | null; email: string | null } | null;
      participant: Omit<ParticipantValues, 'personId'>;
      existingParticipantId: number | null;
      participantChanged: boolean;
      externalId: { sourceSystemId: number; externalId: string } | null;
    };

const bibOf = (bib: string | null): string | null => {
  const trimmed = bib?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function planParticipantRows(rows: readonly ParticipantWrite[], states: ReadonlyMap<number, WriteState>): RowPlan[] {
  const bibCounts = new Map<string, number>();
  for (const row of rows) {
    const bib = bibOf(row.bib);
    if (bib !== null) bibCounts.set(bib, (bibCounts.get(bib) ?? 0) + 1);
  }
  const seenPersons = new Set<number>();
  return rows.map((row): RowPlan => {
    const state = states.get(row.key);
    if (!state) throw new Error(`participant state lost row ${row.key}`);
    const bib = bibOf(row.bib);
    const reject = (rejected: ParticipantRejection): RowPlan => ({ key: row.key, rejected });
    if (row.personId !== null && state.person === null) return reject('PERSON_NOT_FOUND');
    if (!state.categoryFound) return reject('CATEGORY_NOT_FOUND');
    if (bib !== null && (bibCounts.get(bib) ?? 0) > 1) return reject('BIB_TWICE_IN_BATCH');
    if (row.personId !== null) {
      if (seenPersons.has(row.personId)) return reject('PERSON_TWICE_IN_BATCH');
      seenPersons.add(row.personId);
    }
    if (bib !== null && state.bibHolderPersonId !== null && state.bibHolderPersonId !== row.personId) return reject('BIB_TAKEN');

    let personUpdate: Extract<RowPlan, { rejected: null }>['personUpdate'] = null;
    if (row.personId !== null && row.updatePII && state.person) {
      const stored = state.person;
      const wanted = {
        firstName: row.firstName,
        lastName: row.lastName,
        dateOfBirth: row.dateOfBirth ?? stored.dateOfBirth,
        email: row.email ?? stored.email,
      };
      const differs = (Object.keys(wanted) as Array<keyof typeof wanted>).some((k) => wanted[k] !== stored[k]);
      if (differs) personUpdate = wanted;
    }

    const existing = state.participant;
    const [c1, c2, c3] = existing ? customOf(existing) : [null, null, null];
    const externalGiven = row.sourceSystemId !== null && row.externalId !== null;
    const participant = {
      bib: bib ?? existing?.bib ?? null,
      categoryId: row.categoryId ?? existing?.categoryId ?? null,
      sourceSystemId: externalGiven ? row.sourceSystemId : (existing?.sourceSystemId ?? null),
      externalId: externalGiven ? row.externalId : (existing?.externalId ?? null),
      custom1: row.custom[0] ?? c1,
      custom2: row.custom[1] ?? c2,
      custom3: row.custom[2] ?? c3,
    };
    const participantChanged =
      !existing || (Object.keys(participant) as Array<keyof typeof participant>).some((k) => participant[k] !== existing[k]);
    return {
      key: row.key,
      rejected: null,
      personId: row.personId,
      newPerson: row.personId === null,
      personUpdate,
      participant,
      existingParticipantId: existing?.id ?? null,
      participantChanged,
      externalId: externalGiven ? { sourceSystemId: row.sourceSystemId as number, externalId: row.externalId as string } : null,
    };
  });
}

/**
 * Set-based (F4 writes for the import framework): a fixed number of statements for any number of
 * rows: lock the event, read the state, insert new persons, update persons, record external ids,
 * insert and update participants. Answers are in the order of `rows`. The caller owns the
 * transaction. With `importJobId`, the same statements record what the job created and each
 * record's before-image (`membership.import_changes`), so that `undoImportChanges` can undo it.
 */
export async function applyParticipants(
  db: Db,
  registrationSystemId: number,
  eventId: number,
  rows: readonly ParticipantWrite[],
  importJobId: string | null = null,
): Promise<ParticipantWriteResult[]> {
  if (rows.length === 0) return [];
  const event = await lockEventForWrite(db, eventId);
  if (!event || event.registrationSystemId !== registrationSystemId) {
    throw new Error(`event ${eventId} is not an event of registration system ${registrationSystemId}`);
  }
  const states = await loadWriteState(
    db,
    registrationSystemId,
    eventId,
    rows.map((r) => ({ key: r.key, personId: r.personId, bib: bibOf(r.bib), categoryId: r.categoryId })),
  );
  const plans = planParticipantRows(rows, new Map(states.map((s) => [s.key, s])));
  const accepted = plans.filter((p): p is Extract<RowPlan, { rejected: null }> => p.rejected === null);
  const rowByKey = new Map(rows.map((r) => [r.key, r]));

  const createdIds = await insertPersons(
    db,
    registrationSystemId,
    accepted
      .filter((p) => p.newPerson)
      .map((p) => {
        const row = rowByKey.get(p.key) as ParticipantWrite;
        return { key: p.key, firstName: row.firstName, lastName: row.lastName, dateOfBirth: row.dateOfBirth, email: row.email };
      }),
    importJobId,
  );
  const personIdOf = (p: (typeof accepted)[number]) => p.personId ?? (createdIds.get(p.key) as number);

  await updatePersons(
    db,
    registrationSystemId,
    accepted.flatMap((p) => (p.personUpdate ? [{ key: p.key, id: personIdOf(p), ...p.personUpdate }] : [])),
    importJobId,
  );
  await recordExternalIds(
    db,
    registrationSystemId,
    accepted.flatMap((p) => (p.externalId ? [{ key: p.key, ...p.externalId, personId: personIdOf(p) }] : [])),
    importJobId,
  );
  const participantIds = await writeParticipants(
    db,
    eventId,
    accepted
      .filter((p) => p.participantChanged)
      .map((p) => ({ key: p.key, existingId: p.existingParticipantId, personId: personIdOf(p), ...p.participant })),
    importJobId,
  );

  return plans.map((plan): ParticipantWriteResult => {
    if (plan.rejected !== null) {
      return {
        key: plan.key,
        action: 'REJECTED',
        personId: null,
        participantId: null,
        personCreated: false,
        personUpdated: false,
        reason: plan.rejected,
      };
    }
    const personId = personIdOf(plan);
    const personUpdated = plan.personUpdate !== null;
    return {
      key: plan.key,
      action: plan.existingParticipantId === null ? 'CREATED' : plan.participantChanged || personUpdated ? 'UPDATED' : 'UNCHANGED',
      personId,
      participantId: participantIds.get(personId) ?? plan.existingParticipantId,
      personCreated: plan.newPerson,
      personUpdated,
      reason: null,
    };
  });
}
