import { camelCaseRows } from '@ems/db';
import type { CustomFields } from '../domain/events/types';
import type { Db } from './db';
import { ON_RECORDED_AGAIN, RECORD_CHANGES } from './importChanges';
import { rawSet } from './sqlSets';

/**
 * Set-based reads and writes of participants and the persons an import creates or updates: each
 * function is one statement for any number of rows (arrays through `unnest`).
 */

export interface ParticipantRow {
  id: number;
  eventId: number;
  personId: number;
  bib: string | null;
  categoryId: number | null;
  sourceSystemId: number | null;
  externalId: string | null;
  custom1: string | null;
  custom2: string | null;
  custom3: string | null;
}

/**
 * Takes the event's import lock (`FOR NO KEY UPDATE`: writers of one event's participants queue,
 * foreign keys to the event still pass) and returns its registration system, or null when the
 * event does not exist.
 */
export async function lockEventForWrite(db: Db, eventId: number): Promise<{ registrationSystemId: number } | null> {
  const [row] = camelCaseRows<{ registrationSystemId: number }>(
    await rawSet(
      db,
      `SELECT o.registration_system_id
         FROM membership.events e JOIN membership.organisations o ON o.id = e.organisation_id
        WHERE e.id = ? FOR NO KEY UPDATE OF e`,
      [eventId],
    ),
  );
  return row ?? null;
}

export interface WriteState {
  key: number;
  /** The person as stored, when the row names one of this registration system. */
  person: { firstName: string; lastName: string; dateOfBirth: string | null; email: string | null } | null;
  participant: ParticipantRow | null;
  /** The person holding the row's bib in this event, if anyone does. */
  bibHolderPersonId: number | null;
  categoryFound: boolean;
}

/** What applying the rows would change: stored persons, their participants, bib holders, categories. */
export async function loadWriteState(
  db: Db,
  registrationSystemId: number,
  eventId: number,
  rows: ReadonlyArray<{ key: number; personId: number | null; bib: string | null; categoryId: number | null }>,
): Promise<WriteState[]> {
  const result = camelCaseRows<
    Omit<ParticipantRow, 'id' | 'eventId' | 'personId'> & {
      key: number;
      storedPersonId: number | null;
      firstName: string | null;
      lastName: string | null;
      dateOfBirth: string | null;
      email: string | null;
      participantId: number | null;
      bibHolderPersonId: number | null;
      categoryFound: boolean;
    }
  >(
    await rawSet(
      db,
      `SELECT i.key, p.id AS stored_person_id, p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.email,
              pa.id AS participant_id, pa.bib, pa.category_id, pa.source_system_id, pa.external_id, pa.custom1, pa.custom2, pa.custom3,
              b.person_id AS bib_holder_person_id,
              (i.category_id IS NULL OR c.id IS NOT NULL) AS category_found
         FROM unnest(?::int[], ?::int[], ?::text[], ?::int[]) AS i(key, person_id, bib, category_id)
         LEFT JOIN membership.persons p ON p.id = i.person_id AND p.registration_system_id = ?
         LEFT JOIN membership.participants pa ON pa.event_id = ? AND pa.person_id = p.id
         LEFT JOIN membership.participants b ON b.event_id = ? AND b.bib = i.bib
         LEFT JOIN membership.event_categories c ON c.id = i.category_id AND c.event_id = ?`,
      [
        rows.map((r) => r.key),
        rows.map((r) => r.personId),
        rows.map((r) => r.bib),
        rows.map((r) => r.categoryId),
        registrationSystemId,
        eventId,
        eventId,
        eventId,
      ],
    ),
  );
  return result.map((r) => ({
    key: r.key,
    person:
      r.storedPersonId === null
        ? null
        : { firstName: r.firstName as string, lastName: r.lastName as string, dateOfBirth: r.dateOfBirth, email: r.email },
    participant:
      r.participantId === null
        ? null
        : {
            id: r.participantId,
            eventId,
            personId: r.storedPersonId as number,
            bib: r.bib,
            categoryId: r.categoryId,
            sourceSystemId: r.sourceSystemId,
            externalId: r.externalId,
            custom1: r.custom1,
            custom2: r.custom2,
            custom3: r.custom3,
          },
    bibHolderPersonId: r.bibHolderPersonId,
    categoryFound: r.categoryFound,
  }));
}

export interface NewPerson {
  key: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

/**
 * Inserts the persons and answers each row's new id. Ids are drawn first (`nextval` in a
 * materialised CTE) so that rows and ids pair up by key, not by the order RETURNING happens to use.
 * With an import job id, the same statement records them as created by the job.
 */
export async function insertPersons(
  db: Db,
  registrationSystemId: number,
  persons: readonly NewPerson[],
  importJobId: string | null = null,
): Promise<Map<number, number>> {
  if (persons.length === 0) return new Map();
  const rows = camelCaseRows<{ key: number; id: number }>(
    await rawSet(
      db,
      `WITH job AS (SELECT ?::uuid AS id),
       src AS MATERIALIZED (
         SELECT s.key, nextval('membership.persons_id_seq'::regclass)::int AS id, s.first_name, s.last_name, s.date_of_birth, s.email
           FROM unnest(?::int[], ?::text[], ?::text[], ?::date[], ?::text[]) AS s(key, first_name, last_name, date_of_birth, email)
       ),
       inserted AS (
         INSERT INTO membership.persons (id, registration_system_id, first_name, last_name, date_of_birth, email)
         SELECT id, ?, first_name, last_name, date_of_birth, email FROM src
         RETURNING id, xmin
       ),
       logged AS (
         ${RECORD_CHANGES}
         SELECT job.id, 'persons', i.id, '', s.key, NULL, NULL, i.xmin
           FROM inserted i JOIN src s USING (id) CROSS JOIN job WHERE job.id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       )
       SELECT key, id FROM src`,
      [
        importJobId,
        persons.map((p) => p.key),
        persons.map((p) => p.firstName),
        persons.map((p) => p.lastName),
        persons.map((p) => p.dateOfBirth),
        persons.map((p) => p.email),
        registrationSystemId,
      ],
    ),
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

export interface PersonUpdate {
  /** The caller's row key (recorded with the change). */
  key: number;
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

/**
 * Overwrites name, date of birth and e-mail of persons of this registration system (callers send
 * only changed ones). With an import job id, the same statement records each person as it was
 * (read under a row lock, so no concurrent write slips between the image and the update) and as
 * it is now.
 */
export async function updatePersons(
  db: Db,
  registrationSystemId: number,
  persons: readonly PersonUpdate[],
  importJobId: string | null = null,
): Promise<void> {
  if (persons.length === 0) return;
  await rawSet(
    db,
    `WITH job AS (SELECT ?::uuid AS id),
     src AS (
       SELECT * FROM unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::date[], ?::text[]) AS u(key, id, first_name, last_name, date_of_birth, email)
     ),
     updated AS (
       UPDATE membership.persons p
          SET first_name = u.first_name, last_name = u.last_name, date_of_birth = u.date_of_birth, email = u.email, updated_at = now()
         FROM src u,
              (SELECT o.id, to_jsonb(o) AS before FROM membership.persons o WHERE o.id IN (SELECT id FROM src) FOR NO KEY UPDATE) old
        WHERE p.id = u.id AND old.id = u.id AND p.registration_system_id = ?
       RETURNING p.id, p.xmin, u.key, old.before, to_jsonb(p) AS after
     )
     ${RECORD_CHANGES}
     SELECT job.id, 'persons', x.id, '', x.key, x.before, x.after, x.xmin FROM updated x CROSS JOIN job WHERE job.id IS NOT NULL
     ${ON_RECORDED_AGAIN}`,
    [
      importJobId,
      persons.map((p) => p.key),
      persons.map((p) => p.id),
      persons.map((p) => p.firstName),
      persons.map((p) => p.lastName),
      persons.map((p) => p.dateOfBirth),
      persons.map((p) => p.email),
      registrationSystemId,
    ],
  );
}

/**
 * Records which person a source system's id stands for; an id already recorded keeps its person.
 * With an import job id, the ids this statement adds are recorded as created by the job.
 */
export async function recordExternalIds(
  db: Db,
  registrationSystemId: number,
  ids: ReadonlyArray<{ key: number; sourceSystemId: number; externalId: string; personId: number }>,
  importJobId: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await rawSet(
    db,
    `WITH job AS (SELECT ?::uuid AS id),
     src AS (SELECT * FROM unnest(?::int[], ?::int[], ?::text[], ?::int[]) AS s(key, source_system_id, external_id, person_id)),
     inserted AS (
       INSERT INTO membership.person_external_ids (registration_system_id, source_system_id, external_id, person_id)
       SELECT ?, s.source_system_id, s.external_id, s.person_id FROM src s
       ON CONFLICT DO NOTHING
       RETURNING source_system_id, external_id, xmin
     )
     ${RECORD_CHANGES}
     SELECT DISTINCT ON (i.source_system_id, i.external_id) job.id, 'person_external_ids', i.source_system_id, i.external_id, s.key, NULL::jsonb, NULL::jsonb, i.xmin
       FROM inserted i JOIN src s USING (source_system_id, external_id) CROSS JOIN job
      WHERE job.id IS NOT NULL
      ORDER BY i.source_system_id, i.external_id, s.key
     ${ON_RECORDED_AGAIN}`,
    [
      importJobId,
      ids.map((i) => i.key),
      ids.map((i) => i.sourceSystemId),
      ids.map((i) => i.externalId),
      ids.map((i) => i.personId),
      registrationSystemId,
    ],
  );
}

export type ParticipantValues = Omit<ParticipantRow, 'id' | 'eventId'>;

/** A participant to write: new (`existingId` null) or the event's participant of that person. */
export type ParticipantWriteValues = ParticipantValues & { key: number; existingId: number | null };

const participantArrays = (rows: readonly ParticipantWriteValues[]) => [
  rows.map((r) => r.key),
  rows.map((r) => r.existingId),
  rows.map((r) => r.personId),
  rows.map((r) => r.bib),
  rows.map((r) => r.categoryId),
  rows.map((r) => r.sourceSystemId),
  rows.map((r) => r.externalId),
  rows.map((r) => r.custom1),
  rows.map((r) => r.custom2),
  rows.map((r) => r.custom3),
];

const PARTICIPANT_SOURCE = `SELECT * FROM unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[])
  AS s(key, existing_id, person_id, bib, category_id, source_system_id, external_id, custom1, custom2, custom3)`;

/**
 * Inserts the new participants and overwrites the existing ones (the caller read them under the
 * event's lock); answers each person's participant id. Two statements, new and existing: an
 * update reads the row it overwrites under a row lock in the same statement, for the import's
 * before-image. With an import job id, both record what they wrote.
 */
export async function writeParticipants(
  db: Db,
  eventId: number,
  rows: readonly ParticipantWriteValues[],
  importJobId: string | null = null,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const fresh = rows.filter((r) => r.existingId === null);
  const existing = rows.filter((r) => r.existingId !== null);
  if (fresh.length > 0) {
    const inserted = camelCaseRows<{ id: number; personId: number }>(
      await rawSet(
        db,
        `WITH job AS (SELECT ?::uuid AS id),
         src AS (${PARTICIPANT_SOURCE}),
         inserted AS (
           INSERT INTO membership.participants
                  (event_id, person_id, bib, category_id, source_system_id, external_id, custom1, custom2, custom3)
           SELECT ?, s.person_id, s.bib, s.category_id, s.source_system_id, s.external_id, s.custom1, s.custom2, s.custom3 FROM src s
           RETURNING id, person_id, xmin
         ),
         logged AS (
           ${RECORD_CHANGES}
           SELECT job.id, 'participants', i.id, '', s.key, NULL, NULL, i.xmin
             FROM inserted i JOIN src s USING (person_id) CROSS JOIN job WHERE job.id IS NOT NULL
           ${ON_RECORDED_AGAIN}
         )
         SELECT id, person_id FROM inserted`,
        [importJobId, ...participantArrays(fresh), eventId],
      ),
    );
    for (const r of inserted) ids.set(r.personId, r.id);
  }
  if (existing.length > 0) {
    const updated = camelCaseRows<{ id: number; personId: number }>(
      await rawSet(
        db,
        `WITH job AS (SELECT ?::uuid AS id),
         src AS (${PARTICIPANT_SOURCE}),
         updated AS (
           UPDATE membership.participants p
              SET bib = s.bib, category_id = s.category_id, source_system_id = s.source_system_id, external_id = s.external_id,
                  custom1 = s.custom1, custom2 = s.custom2, custom3 = s.custom3, updated_at = now()
             FROM src s,
                  (SELECT o.id, to_jsonb(o) AS before FROM membership.participants o
                    WHERE o.id IN (SELECT existing_id FROM src) FOR NO KEY UPDATE) old
            WHERE p.id = s.existing_id AND old.id = s.existing_id AND p.event_id = ? AND p.person_id = s.person_id
           RETURNING p.id, p.person_id, p.xmin, s.key, old.before, to_jsonb(p) AS after
         ),
         logged AS (
           ${RECORD_CHANGES}
           SELECT job.id, 'participants', x.id, '', x.key, x.before, x.after, x.xmin FROM updated x CROSS JOIN job WHERE job.id IS NOT NULL
           ${ON_RECORDED_AGAIN}
         )
         SELECT id, person_id FROM updated`,
        [importJobId, ...participantArrays(existing), eventId],
      ),
    );
    for (const r of updated) ids.set(r.personId, r.id);
  }
  return ids;
}

export function customOf(row: Pick<ParticipantRow, 'custom1' | 'custom2' | 'custom3'>): CustomFields {
  return [row.custom1, row.custom2, row.custom3];
}

/** A page of each event's participants in id order after a cursor, tagged with its request's index: one statement for all pages. */
export async function participantPages(
  db: Db,
  requests: ReadonlyArray<{ eventId: number; afterId: number; limit: number }>,
): Promise<Array<ParticipantRow & { requestIndex: number }>> {
  return camelCaseRows<ParticipantRow & { requestIndex: number }>(
    await rawSet(
      db,
      `SELECT r.idx::int - 1 AS request_index, pa.id, pa.event_id, pa.person_id, pa.bib, pa.category_id, pa.source_system_id, pa.external_id,
              pa.custom1, pa.custom2, pa.custom3
         FROM unnest(?::int[], ?::bigint[], ?::int[]) WITH ORDINALITY AS r(event_id, after_id, lim, idx)
         CROSS JOIN LATERAL (
           SELECT * FROM membership.participants p WHERE p.event_id = r.event_id AND p.id > r.after_id ORDER BY p.id LIMIT r.lim
         ) pa
        ORDER BY r.idx, pa.id`,
      [requests.map((r) => r.eventId), requests.map((r) => r.afterId), requests.map((r) => r.limit)],
    ),
  );
}

export async function participantsByIds(db: Db, ids: readonly number[]): Promise<ParticipantRow[]> {
  return camelCaseRows<ParticipantRow>(
    await rawSet(
      db,
      `SELECT id, event_id, person_id, bib, category_id, source_system_id, external_id, custom1, custom2, custom3
         FROM membership.participants WHERE id = ANY(?::int[])`,
      [ids],
    ),
  );
}

export async function participantCounts(db: Db, eventIds: readonly number[]): Promise<Map<number, number>> {
  const rows = camelCaseRows<{ eventId: number; count: number }>(
    await rawSet(
      db,
      `SELECT event_id, count(*)::int AS count FROM membership.participants WHERE event_id = ANY(?::int[]) GROUP BY event_id`,
      [eventIds],
    ),
  );
  return new Map(rows.map((r) => [r.eventId, r.count]));
}
