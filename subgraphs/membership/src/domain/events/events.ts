import type { Db } from '../../data/db';
import {
  adminOrganisationIdsOfUserKey,
  categoriesMatchingValues,
  categoriesOfEvents,
  eventOfOrganisations,
  eventsByIds as loadEventsByIds,
  updateCustomFieldLabels,
} from '../../data/events';
import { externalIdCount, insertMergeCandidates, personSnapshots } from '../../data/personRecords';
import { reachOfScope } from './matching';
import type { CategoryRef, CustomFields, MergeCandidateInput, OperatorEvent, PersonMatchScope, PersonSnapshot } from './types';

/** Organisations where the account of this user key holds ROLE_ORG_ADMIN (operators). */
export function operatorOrganisationIds(db: Db, registrationSystemId: number, userKey: string): Promise<number[]> {
  return adminOrganisationIdsOfUserKey(db, registrationSystemId, userKey);
}

/** The event when it belongs to one of these organisations, else null (not found and not yours look the same). */
export function eventForOperator(db: Db, eventId: number, organisationIds: readonly number[]): Promise<OperatorEvent | null> {
  if (organisationIds.length === 0) return Promise.resolve(null);
  return eventOfOrganisations(db, eventId, organisationIds);
}

export function eventsByIds(db: Db, ids: readonly number[]): Promise<OperatorEvent[]> {
  return ids.length === 0 ? Promise.resolve([]) : loadEventsByIds(db, ids);
}

/** Each distinct value with the categories of the event it matches by code or name (trimmed, case-insensitive); one statement. */
export function resolveCategoryValues(
  db: Db,
  eventId: number,
  values: readonly string[],
): Promise<Array<{ value: string; matches: CategoryRef[] }>> {
  return values.length === 0 ? Promise.resolve([]) : categoriesMatchingValues(db, eventId, values);
}

export async function eventCategories(db: Db, eventId: number): Promise<CategoryRef[]> {
  return (await categoriesOfEvents(db, [eventId])).map(({ id, code, name }) => ({ id, code, name }));
}

/** With `importJobId`, a change is recorded for the job's undo. */
export async function setCustomFieldLabels(
  db: Db,
  eventId: number,
  labels: CustomFields,
  importJobId: string | null = null,
): Promise<void> {
  if (!(await updateCustomFieldLabels(db, eventId, labels, importJobId))) throw new Error(`event ${eventId} does not exist`);
}

/** Pairs of persons that may be the same (F8); pairs outside the registration system and self-pairs are left out. */
export function createMergeCandidates(
  db: Db,
  registrationSystemId: number,
  rows: readonly MergeCandidateInput[],
): Promise<Array<{ id: number; personId: number; candidatePersonId: number }>> {
  return rows.length === 0 ? Promise.resolve([]) : insertMergeCandidates(db, registrationSystemId, rows);
}

/**
 * The stored personal data of the persons an import found (the F7 sample compares the file with
 * it): only of those within the import's scope, as matchPersons finds them, so no caller can read
 * another organisation's persons through it.
 */
export function personsByIds(
  db: Db,
  registrationSystemId: number,
  scope: PersonMatchScope,
  ids: readonly number[],
): Promise<PersonSnapshot[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return personSnapshots(db, registrationSystemId, reachOfScope(scope), ids);
}

/** How many external ids this source system has already recorded in this registration system (the fingerprint check uses it). */
export function countExternalIds(db: Db, registrationSystemId: number, sourceSystemId: number): Promise<number> {
  return externalIdCount(db, registrationSystemId, sourceSystemId);
}
