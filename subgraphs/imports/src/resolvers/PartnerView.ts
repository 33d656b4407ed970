import { requirePartnerScope } from '@ems/schema';
import { partnerJob, partnerJobConnection, partnerJobRows } from '../domain/partnerJobs';
import { ImportJob } from './ImportJob';
import type { PartnerImportJobResolvers, PartnerViewResolvers } from './types.generated';

/**
 * The imports half of the partner API (docs/partner-api.md): PartnerView's import jobs. The
 * view itself comes from membership (Query.partner); imports answers it only for the key whose
 * token the request carries.
 */
export const PartnerView = {
  __resolveReference: (ref, ctx) =>
    ctx.auth.partner && String(ctx.auth.partner.keyId) === String(ref.keyId) ? { keyId: ref.keyId } : null,
  importJobs: (_, args, ctx) => partnerJobConnection(ctx.imports.db, requirePartnerScope(ctx.auth, 'imports:read'), args),
  importJob: (_, args, ctx) => partnerJob(ctx.imports.db, requirePartnerScope(ctx.auth, 'imports:read'), args.id),
  importRowResults: (_, args, ctx) => partnerJobRows(ctx.imports.db, requirePartnerScope(ctx.auth, 'imports:read'), args.jobId, args),
} satisfies PartnerViewResolvers;

/** The summary fields read the job view as the operator's ImportJob does. */
export const PartnerImportJob = {
  fileName: ImportJob.fileName,
  rowsTotal: ImportJob.rowsTotal,
  rowsProcessed: ImportJob.rowsProcessed,
  error: ImportJob.error,
  counts: ImportJob.counts,
} satisfies PartnerImportJobResolvers;
