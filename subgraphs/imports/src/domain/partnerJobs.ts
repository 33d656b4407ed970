import type { Knex } from '@ems/db';
import { isUuid } from '@ems/schema/rules';
import { partnerHasScope, partnerPageSize, syncAfterOf, syncPage, syncStart, updatedSinceOf, type PartnerCaller } from '@ems/schema';
import { partnerJobById, partnerJobPage } from '../data/partnerJobs';
import { rowResultsPage } from '../data/rowResults';
import type { JobState } from './jobState';
import type { ImportType } from './importTypes';
import { toJobView } from './jobView';

/**
 * A partner's import jobs and their summaries (imports:read, docs/partner-api.md): the key's
 * organisations only; an organisation, event or job outside them reads as nothing.
 */

export interface PartnerJobListArgs {
  first?: number | null;
  after?: string | null;
  filter?: {
    updatedSince?: string | null;
    organisationId?: string | null;
    eventId?: string | null;
    importType?: ImportType | null;
    state?: readonly JobState[] | null;
  } | null;
}

const ROW_ID = /^[1-9][0-9]{0,9}$/;

function organisationsToRead(partner: PartnerCaller, organisationId: string | null | undefined): number[] {
  if (organisationId == null) return [...partner.organisationIds];
  return partner.organisationIds.filter((id) => String(id) === organisationId);
}

export async function partnerJobConnection(db: Knex, partner: PartnerCaller, args: PartnerJobListArgs) {
  const size = partnerPageSize(args.first);
  const after = syncAfterOf('importJob', 'uuid', args.after);
  const filter = args.filter ?? {};
  const updatedSince = updatedSinceOf(filter.updatedSince);
  const organisationIds = organisationsToRead(partner, filter.organisationId);
  const eventIdValid = filter.eventId == null || (ROW_ID.test(filter.eventId) && Number(filter.eventId) < 2 ** 31);
  if (organisationIds.length === 0 || !eventIdValid) {
    return {
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: after !== null, startCursor: null, endCursor: after?.cursor ?? null },
    };
  }
  const page = await partnerJobPage(
    db,
    {
      registrationSystemId: partner.registrationSystemId,
      organisationIds,
      eventId: filter.eventId == null ? null : Number(filter.eventId),
      importType: filter.importType ?? null,
      states: filter.state && filter.state.length > 0 ? filter.state : null,
      updatedSince,
    },
    after?.position ?? syncStart('uuid'),
    size + 1,
  );
  return syncPage(
    'importJob',
    'uuid',
    page.rows.map((r) => ({ node: toJobView(r.row), position: r.position })),
    size,
    page.watermark,
    after,
  );
}

export async function partnerJob(db: Knex, partner: PartnerCaller, id: string) {
  if (!isUuid(id) || partner.organisationIds.length === 0) return null;
  const job = await partnerJobById(db, partner.registrationSystemId, partner.organisationIds, id.toLowerCase());
  return job && toJobView(job);
}

/**
 * A job's per-row results (the summary's table). Raw names a row could not resolve are personal
 * data: without members:pii they are null, like every other name in the partner API.
 */
export async function partnerJobRows(
  db: Knex,
  partner: PartnerCaller,
  jobId: string,
  page: { first?: number | null; after?: number | null; failedOnly?: boolean | null },
) {
  const job = await partnerJob(db, partner, jobId);
  if (!job) return null;
  const first = partnerPageSize(page.first);
  const result = await rowResultsPage(db, job.id, { first, after: Math.max(page.after ?? 0, 0), failedOnly: page.failedOnly ?? false });
  const personalData = partnerHasScope(partner, 'members:pii');
  return {
    nextAfter: result.nextAfter,
    rows: result.rows.map((r) => ({
      ...r,
      person: r.personId === null ? null : { id: r.personId },
      failure: r.failure && (personalData ? r.failure : { ...r.failure, rawFirstName: null, rawLastName: null }),
    })),
  };
}
