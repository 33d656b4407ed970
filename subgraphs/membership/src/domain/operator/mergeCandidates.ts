import type { Knex } from '@ems/db';
import type { Db } from '../../data/db';
import { isUniqueViolation } from '../../data/db';
import {
  absorbPerson,
  lockMergeCandidate,
  mergeCandidatesOfTenant,
  movePersonReferences,
  personSides,
  setMergeCandidateStatus,
  type MergeCandidateRow,
  type PersonSideRow,
} from '../../data/personMerge';
import { personIdsConnectedToOrganisations } from '../../data/scope';
import { recordOperatorActions } from '../audit/operatorAction';
import type { DataScope } from '../scope';
import { rowId } from './ids';
import { organisationOfPersons } from './organisationOf';

/** A merge candidate (F8) side by side: the candidate's facts and both persons. */
export interface MergeCandidateView extends MergeCandidateRow {
  person: PersonSideRow;
  candidate: PersonSideRow;
}

export type MergeDecisionResult =
  | { ok: true; keptPersonId: number }
  | { ok: false; code: 'NOT_FOUND' | 'ALREADY_DECIDED' | 'INVALID_CHOICE' | 'MERGE_CONFLICT'; message: string };

/** How many candidates the screen lists at once (newest first); deciding them brings up the next. */
const LIST_LIMIT = 100;

/**
 * `Query.operatorMergeCandidates`: the open candidates of the caller's tenant whose two persons
 * are both connected to organisations the caller administers (a participant, member or user
 * there: the persons the import summary and the registrations show them), with both persons side
 * by side. A pair across the organisation boundary (an import of one club proposed another club's
 * person) is listed only to an operator of both: shown to one side, it would show them the other
 * club's person (docs/decisions.md, "Organisation boundary in imports"). The same rule decides who
 * may merge or dismiss a candidate (`decidable`).
 */
export async function operatorMergeCandidates(db: Db, scope: DataScope | null): Promise<MergeCandidateView[]> {
  if (!scope || scope.adminOrganisationIds.size === 0) return [];
  const candidates = await mergeCandidatesOfTenant(db, scope.registrationSystemId, 'OPEN', LIST_LIMIT * 5);
  const ids = [...new Set(candidates.flatMap((c) => [c.personId, c.candidatePersonId]))];
  const connected = new Set(await personIdsConnectedToOrganisations(db, scope.registrationSystemId, [...scope.adminOrganisationIds], ids));
  const visible = candidates.filter((c) => connected.has(c.personId) && connected.has(c.candidatePersonId)).slice(0, LIST_LIMIT);
  const sides = new Map(
    (await personSides(db, [...new Set(visible.flatMap((c) => [c.personId, c.candidatePersonId]))])).map((p) => [p.id, p]),
  );
  return visible.flatMap((c) => {
    const person = sides.get(c.personId);
    const candidate = sides.get(c.candidatePersonId);
    return person && candidate ? [{ ...c, person, candidate }] : [];
  });
}

/** The candidate, locked, when the caller may decide it; else why not. */
async function decidable(
  trx: Knex.Transaction,
  scope: DataScope | null,
  candidateIdText: string,
): Promise<{ ok: true; candidate: MergeCandidateRow; organisationId: number } | Extract<MergeDecisionResult, { ok: false }>> {
  const id = rowId(candidateIdText, 'candidateId');
  const notFound = { ok: false, code: 'NOT_FOUND', message: 'No such merge candidate among your persons.' } as const;
  if (!scope || scope.adminOrganisationIds.size === 0) return notFound;
  const candidate = await lockMergeCandidate(trx, scope.registrationSystemId, id);
  if (!candidate) return notFound;
  const pair = [candidate.personId, candidate.candidatePersonId];
  // Both persons must be the caller's to reach: deciding is seeing both sides (and a merge moves
  // everything of one onto the other).
  const connected = await personIdsConnectedToOrganisations(trx, scope.registrationSystemId, [...scope.adminOrganisationIds], pair);
  if (connected.length < 2) return notFound;
  const organisationId = await organisationOfPersons(trx, scope, pair);
  if (organisationId === null) return notFound;
  if (candidate.status !== 'OPEN') {
    return { ok: false, code: 'ALREADY_DECIDED', message: `This candidate was already decided (${candidate.status.toLowerCase()}).` };
  }
  return { ok: true, candidate, organisationId };
}

/**
 * `Mutation.mergePersons`: the two persons of a candidate become one, the one the operator keeps.
 * Everything that refers to the other (memberships, orders, participations, household links,
 * accounts, external ids, and any later table) moves to the kept person in one transaction, with
 * the audit entry; a collision (both members of one period, both in one event) refuses the whole
 * merge (MERGE_CONFLICT) and changes nothing.
 */
export async function mergePersons(
  db: Knex,
  scope: DataScope | null,
  args: { candidateId: string; keepPersonId: string },
): Promise<MergeDecisionResult> {
  const keepId = rowId(args.keepPersonId, 'keepPersonId');
  try {
    return await db.transaction(async (trx) => {
      const found = await decidable(trx, scope, args.candidateId);
      if (!found.ok) return found;
      const { candidate, organisationId } = found;
      if (keepId !== candidate.personId && keepId !== candidate.candidatePersonId) {
        return { ok: false, code: 'INVALID_CHOICE', message: 'The kept person must be one of the candidate’s two persons.' } as const;
      }
      const dropId = keepId === candidate.personId ? candidate.candidatePersonId : candidate.personId;
      const before = await personSides(trx, [keepId, dropId]);
      await movePersonReferences(trx, dropId, keepId);
      await absorbPerson(trx, dropId, keepId);
      const [after] = await personSides(trx, [keepId]);
      await recordOperatorActions(trx, scope!, [
        {
          organisationId,
          action: 'person.merged',
          subjectType: 'person',
          subjectId: keepId,
          before: { candidateId: candidate.id, kept: before.find((p) => p.id === keepId), merged: before.find((p) => p.id === dropId) },
          after,
        },
      ]);
      return { ok: true, keptPersonId: keepId } as const;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const table = (err as { table?: string }).table ?? 'a table';
    return {
      ok: false,
      code: 'MERGE_CONFLICT',
      message: `Both persons have a record in ${table.replace(/_/g, ' ')} that cannot be kept twice (e.g. a membership in the same period, or the same event); nothing was merged.`,
    };
  }
}

/** `Mutation.dismissMergeCandidate`: the two persons are different people; the candidate is closed, with the audit entry. */
export async function dismissMergeCandidate(db: Knex, scope: DataScope | null, candidateId: string): Promise<MergeDecisionResult> {
  return db.transaction(async (trx) => {
    const found = await decidable(trx, scope, candidateId);
    if (!found.ok) return found;
    await setMergeCandidateStatus(trx, found.candidate.id, 'DISMISSED');
    await recordOperatorActions(trx, scope!, [
      {
        organisationId: found.organisationId,
        action: 'mergeCandidate.dismissed',
        subjectType: 'mergeCandidate',
        subjectId: found.candidate.id,
        before: { status: 'OPEN', personId: found.candidate.personId, candidatePersonId: found.candidate.candidatePersonId },
        after: { status: 'DISMISSED' },
      },
    ]);
    return { ok: true, keptPersonId: found.candidate.personId } as const;
  });
}
