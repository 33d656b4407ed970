import { camelCaseRows, readSyncPage, type Knex, type SyncPageRows } from '@ems/db';
import type { SyncPosition } from '@ems/schema';
import type { JobState } from '../domain/jobState';
import type { ImportType } from '../domain/importTypes';
import type { ImportJobRecord } from './jobs';

/**
 * Import jobs as a partner lists them (docs/partner-api.md): jobs of its registration system and
 * organisations (both must match, so an organisation id of another tenant reads nothing), in sync
 * order, one statement a page.
 */
export interface PartnerJobFilter {
  registrationSystemId: number;
  organisationIds: readonly number[];
  eventId: number | null;
  importType: ImportType | null;
  states: readonly JobState[] | null;
  updatedSince: Date | null;
}

export async function partnerJobPage(
  db: Knex,
  filter: PartnerJobFilter,
  after: SyncPosition,
  limit: number,
): Promise<SyncPageRows<ImportJobRecord>> {
  return readSyncPage<ImportJobRecord>(db, {
    from: 'imports.import_jobs t',
    columns: 't.*',
    where: [
      {
        sql: 't.organisation_id = ANY(?::int[]) AND t.registration_system_id = ?',
        bindings: [filter.organisationIds, filter.registrationSystemId],
      },
      ...(filter.eventId !== null ? [{ sql: 't.event_id = ?', bindings: [filter.eventId] }] : []),
      ...(filter.importType !== null ? [{ sql: 't.import_type = ?', bindings: [filter.importType] }] : []),
      ...(filter.states !== null ? [{ sql: 't.state = ANY(?::text[])', bindings: [filter.states] }] : []),
      ...(filter.updatedSince ? [{ sql: 't.updated_at >= ?', bindings: [filter.updatedSince] }] : []),
    ],
    keyType: 'uuid',
    after,
    limit,
  });
}

/** The job, when it belongs to the registration system and one of the organisations. */
export async function partnerJobById(
  db: Knex,
  registrationSystemId: number,
  organisationIds: readonly number[],
  id: string,
): Promise<ImportJobRecord | null> {
  const [row] = camelCaseRows<ImportJobRecord>(
    await db.raw('SELECT * FROM imports.import_jobs WHERE id = ? AND registration_system_id = ? AND organisation_id = ANY(?::int[])', [
      id,
      registrationSystemId,
      organisationIds as number[],
    ] as unknown as Knex.RawBinding[]),
  );
  return row ?? null;
}
