import { camelCaseRows } from '@ems/db';
import type { CategoryRef, CustomFields, OperatorEvent } from '../domain/events/types';
import type { Db } from './db';
import { ON_RECORDED_AGAIN, RECORD_CHANGES } from './importChanges';
import { rawSet } from './sqlSets';

/** Events with their organisation's registration system; `where` is trusted SQL with its bindings. */
async function selectEvents(db: Db, where: string, bindings: unknown[]): Promise<OperatorEvent[]> {
  const rows = camelCaseRows<{
    id: number;
    organisationId: number;
    registrationSystemId: number;
    name: string;
    startsOn: string | null;
    custom1Label: string | null;
    custom2Label: string | null;
    custom3Label: string | null;
  }>(
    await rawSet(
      db,
      `SELECT e.id, e.organisation_id, o.registration_system_id, e.name, to_char(e.starts_on, 'YYYY-MM-DD') AS starts_on,
              e.custom1_label, e.custom2_label, e.custom3_label
         FROM membership.events e
         JOIN membership.organisations o ON o.id = e.organisation_id
        WHERE ${where}
        ORDER BY e.starts_on NULLS LAST, e.id`,
      bindings,
    ),
  );
  return rows.map(({ custom1Label, custom2Label, custom3Label, ...event }) => ({
    ...event,
    customFieldLabels: [custom1Label, custom2Label, custom3Label],
  }));
}

export function eventsByIds(db: Db, ids: readonly number[]): Promise<OperatorEvent[]> {
  return selectEvents(db, 'e.id = ANY(?::int[])', [ids]);
}

export function eventsOfOrganisations(db: Db, organisationIds: readonly number[]): Promise<OperatorEvent[]> {
  return selectEvents(db, 'e.organisation_id = ANY(?::int[])', [organisationIds]);
}

export async function eventOfOrganisations(db: Db, eventId: number, organisationIds: readonly number[]): Promise<OperatorEvent | null> {
  const [event] = await selectEvents(db, 'e.id = ? AND e.organisation_id = ANY(?::int[])', [eventId, organisationIds]);
  return event ?? null;
}

/**
 * Sets the event's three custom-field labels, unless they already are these; answers whether the
 * event exists. With an import job id, a change is recorded with its before-image
 * (`membership.import_changes`), so that an undo can put the labels back.
 */
export async function updateCustomFieldLabels(
  db: Db,
  eventId: number,
  labels: CustomFields,
  importJobId: string | null = null,
): Promise<boolean> {
  const [row] = camelCaseRows<{ found: number }>(
    await rawSet(
      db,
      `WITH job AS (SELECT ?::uuid AS id),
       target AS (SELECT o.id, to_jsonb(o) AS before FROM membership.events o WHERE o.id = ? FOR NO KEY UPDATE),
       updated AS (
         UPDATE membership.events e SET custom1_label = ?, custom2_label = ?, custom3_label = ?, updated_at = now()
           FROM target t
          WHERE e.id = t.id AND (e.custom1_label, e.custom2_label, e.custom3_label) IS DISTINCT FROM (?::text, ?::text, ?::text)
         RETURNING e.id, e.xmin, t.before, to_jsonb(e) AS after
       ),
       logged AS (
         ${RECORD_CHANGES}
         SELECT job.id, 'events', x.id, '', NULL, x.before, x.after, x.xmin FROM updated x CROSS JOIN job WHERE job.id IS NOT NULL
         ${ON_RECORDED_AGAIN}
       )
       SELECT count(*)::int AS found FROM target`,
      [importJobId, eventId, ...labels, ...labels],
    ),
  );
  return (row?.found ?? 0) === 1;
}

/** Organisations where the (enabled) account of this user key holds ROLE_ORG_ADMIN. */
export async function adminOrganisationIdsOfUserKey(db: Db, registrationSystemId: number, userKey: string): Promise<number[]> {
  const rows = camelCaseRows<{ organisationId: number }>(
    await rawSet(
      db,
      `SELECT o.organisation_id
         FROM membership.accounts a
         JOIN membership.org_users o ON o.account_id = a.id
        WHERE a.registration_system_id = ? AND a.external_user_id = ? AND a.disabled_at IS NULL
          AND 'ROLE_ORG_ADMIN' = ANY(o.roles)
        ORDER BY o.organisation_id`,
      [registrationSystemId, userKey],
    ),
  );
  return rows.map((r) => r.organisationId);
}

export interface EventCategoryRow extends CategoryRef {
  eventId: number;
}

export async function categoriesOfEvents(db: Db, eventIds: readonly number[]): Promise<EventCategoryRow[]> {
  return camelCaseRows<EventCategoryRow>(
    await rawSet(db, `SELECT id, event_id, code, name FROM membership.event_categories WHERE event_id = ANY(?::int[]) ORDER BY id`, [
      eventIds,
    ]),
  );
}

export async function categoriesByIds(db: Db, ids: readonly number[]): Promise<EventCategoryRow[]> {
  return camelCaseRows<EventCategoryRow>(
    await rawSet(db, `SELECT id, event_id, code, name FROM membership.event_categories WHERE id = ANY(?::int[])`, [ids]),
  );
}

/**
 * Each distinct value with the categories of the event whose code or name equals it, trimmed and
 * case-insensitively: one statement for any number of values.
 */
export async function categoriesMatchingValues(
  db: Db,
  eventId: number,
  values: readonly string[],
): Promise<Array<{ value: string; matches: CategoryRef[] }>> {
  return camelCaseRows<{ value: string; matches: CategoryRef[] }>(
    await rawSet(
      db,
      `SELECT v.value,
              coalesce(json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name) ORDER BY c.id)
                         FILTER (WHERE c.id IS NOT NULL), '[]') AS matches
         FROM (SELECT DISTINCT value FROM unnest(?::text[]) AS value) v
         LEFT JOIN membership.event_categories c
           ON c.event_id = ?
          AND btrim(v.value) <> ''
          AND (lower(btrim(c.code)) = lower(btrim(v.value)) OR lower(btrim(c.name)) = lower(btrim(v.value)))
        GROUP BY v.value
        ORDER BY v.value`,
      [values, eventId],
    ),
  );
}
