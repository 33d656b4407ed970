import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { InputError, isAppError } from '@ems/schema';
import { brokenMultipart, uploadedBytes } from '@ems/service-runtime';
import type { Resolvers } from './types.generated';
import {
  cancelImport,
  findImport,
  recentImports,
  resumeFromFingerprint,
  sourceSystems,
  submitCellMappings,
  submitColumnMappings,
  templateVariants,
  uploadFileName,
  uploadImport,
  uploadTooLarge,
  type Upload,
} from '../domain/commands';
import { uploadCorrections } from '../domain/failedRows/corrections';
import { importFieldView } from '../domain/fields';
import { undoImport } from '../domain/undo/commands';
import { createImportSourceSystem, organisationIdArgument } from '../domain/sourceSystemCreation';
import type { OperatorScope } from '../domain/access';
import { ImportJob } from './ImportJob';
import { PartnerImportJob, PartnerView } from './PartnerView';
import { ImportUndo } from './ImportUndo';

/**
 * A GraphQL upload as the domain reads a file. graphql-upload-minimal's refusals (no file part for
 * the variable, a file over the size limit) are the client's: 400 and 413 in the contract's shape,
 * and a file that reaches the limit while it is read fails instead of being stored cut short. A
 * body that breaks off is 400 BROKEN_MULTIPART, whether before the file part or while it is read.
 */
async function fileUpload(file: Promise<FileUpload> | FileUpload): Promise<Upload> {
  try {
    const upload = await file;
    const fileName = uploadFileName(upload.filename);
    const body = upload.createReadStream();
    body.on('limit', () => body.destroy(uploadTooLarge()));
    return { fileName, contentType: upload.mimetype ?? null, body: uploadedBytes(body) };
  } catch (err) {
    if (isAppError(err)) throw err;
    const status = (err as { status?: unknown }).status;
    if (status === 413) throw uploadTooLarge();
    if (typeof status === 'number' && status >= 400 && status < 500)
      throw new InputError(`The upload is incomplete: ${(err as Error).message}`, { code: 'FILE_REQUIRED' });
    // Without a status: the parser's own error (the body broke off before or in the file part).
    throw brokenMultipart(err);
  }
}

/**
 * Who may upload is settled before the file is waited for or read (as the REST uploads do): a
 * refused caller's file is never read.
 */
async function operatorUpload(scope: OperatorScope, file: unknown, target?: () => Promise<unknown>): Promise<Upload> {
  await scope.requireOperator();
  if (target) await target();
  return fileUpload(file as Promise<FileUpload>);
}

/** The upload input as form fields (the REST upload's shape), so both go through one parser. */
function asFields(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) if (v !== null && v !== undefined) out[k] = String(v);
  return out;
}

// `satisfies`, not a type annotation: checked against the generated signatures, and keeps its own
// shape, which @apollo/subgraph's resolver map accepts.
export const resolvers = {
  Upload: GraphQLUpload,
  Query: {
    importsHealth: () => ({ service: 'imports', status: 'UP' }),
    importJob: (_p, { id }, ctx) => findImport(ctx.scope(), id),
    recentImports: (_p, { importType, limit }, ctx) =>
      recentImports(ctx.imports, ctx.scope(), importType, Math.min(Math.max(limit ?? 10, 1), 100)),
    importSourceSystems: (_p, _a, ctx) => sourceSystems(ctx.imports, ctx.scope()),
    importFields: (_p, { importType }, ctx) => ctx.imports.processors[importType].fields().map(importFieldView),
  },
  Mutation: {
    uploadEventParticipants: async (_p, { input, file }, ctx) => {
      const scope = ctx.scope();
      return uploadImport(ctx.imports, scope, 'EVENT_PARTICIPANT', asFields(input), await operatorUpload(scope, file));
    },
    uploadResultSet: async (_p, { input, file }, ctx) => {
      const scope = ctx.scope();
      return uploadImport(ctx.imports, scope, 'RESULT_SET', asFields(input), await operatorUpload(scope, file));
    },
    uploadMemberships: async (_p, { input, file }, ctx) => {
      const scope = ctx.scope();
      return uploadImport(ctx.imports, scope, 'MEMBERSHIP', asFields(input), await operatorUpload(scope, file));
    },
    submitColumnMappings: (_p, { jobId, mappings }, ctx) =>
      submitColumnMappings(
        ctx.imports,
        ctx.scope(),
        jobId,
        mappings.map((m) => ({ column: m.column, field: m.field ?? null })),
      ),
    submitCellMappings: (_p, { jobId, mappings }, ctx) =>
      submitCellMappings(
        ctx.imports,
        ctx.scope(),
        jobId,
        mappings.map((m) => ({ fkType: m.fkType, value: m.value, targetId: m.targetId ?? null })),
      ),
    resumeFromFingerprint: (_p, { jobId, decision }, ctx) => resumeFromFingerprint(ctx.imports, ctx.scope(), jobId, decision),
    cancelImport: (_p, { jobId }, ctx) => cancelImport(ctx.imports, ctx.scope(), jobId),
    undoImport: (_p, { jobId }, ctx) => undoImport(ctx.imports, ctx.scope(), jobId),
    uploadImportCorrections: async (_p, { jobId, file, sheetIndex }, ctx) => {
      const scope = ctx.scope();
      const upload = await operatorUpload(scope, file, () => scope.job(jobId));
      return uploadCorrections(ctx.imports, scope, jobId, asFields({ sheetIndex }), upload);
    },
    createImportSourceSystem: (_p, { name, organisationId }, ctx) =>
      createImportSourceSystem(ctx.imports, ctx.scope(), { name, organisationId: organisationIdArgument(organisationId) }),
  },
  ImportJob,
  PartnerView,
  PartnerImportJob,
  ImportUndo,
  SourceSystem: {
    templateVariants: (parent, { importType }, ctx) => templateVariants(ctx.imports, ctx.scope(), parent.id, importType ?? undefined),
  },
} satisfies Resolvers;
