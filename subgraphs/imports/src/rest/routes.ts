import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { AuthenticationError, InputError } from '@ems/schema';
import {
  asyncHandler,
  authOf,
  clientGoneSignal,
  parseInput,
  requireBearer,
  requireXApiKey,
  type ApiKeyChecker,
} from '@ems/service-runtime';
import { MAX_ROW_ID } from '@ems/schema/rules';
import { OperatorScope } from '../domain/access';
import {
  cancelImport,
  getImportWithCorrections,
  importResult,
  importRows,
  uploadImport,
  recentImports,
  resumeFromFingerprint,
  sourceSystems,
  submitCellMappings,
  submitColumnMappings,
  templateVariants,
  type ImportsDeps,
} from '../domain/commands';
import { IMPORT_TYPES, isImportType, type ImportType } from '../domain/importTypes';
import { uploadCorrections } from '../domain/failedRows/corrections';
import { failedRowsFile } from '../domain/failedRows/failedRowsFile';
import { importUndo, undoImport } from '../domain/undo/commands';
import { previewFile, type PreviewLimits } from '../domain/preview/filePreview';
import { createImportSourceSystem } from '../domain/sourceSystemCreation';
import { readMultipartUpload } from './multipart';
import { previewSlots } from './previewSlots';

const uuidPath = z.object({ id: z.string().uuid('must be an import id (uuid)') });
const idPath = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a positive integer')
    .transform(Number),
});
const columnMappingsBody = z.object({
  mappings: z.array(z.object({ column: z.number().int().min(0).max(1000), field: z.string().max(64).nullable() })).max(1000),
});
const cellMappingsBody = z.object({
  mappings: z
    .array(z.object({ fkType: z.string().max(64), value: z.string().max(500), targetId: z.number().int().positive().nullable() }))
    .max(10_000),
});
// The name's own rule (length, the self name, case) is the domain's: one answer for REST and GraphQL.
const sourceSystemBody = z.object({
  name: z.string().max(10_000),
  organisationId: z.number().int().positive().max(MAX_ROW_ID).nullable().default(null),
});
const fingerprintBody = z.object({ decision: z.enum(['ACKNOWLEDGE', 'ABORT']) });
const rowsQuery = z.object({
  after: z.coerce.number().int().min(0).max(MAX_ROW_ID).default(0),
  first: z.coerce.number().int().min(1).max(500).default(100),
  failedOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  outcome: z.enum(['CREATED', 'UPDATED', 'UNCHANGED', 'FAILED']).optional(),
});
const undoQuery = z.object({
  after: z.coerce.number().int().min(0).max(MAX_ROW_ID).default(0),
  first: z.coerce.number().int().min(1).max(500).default(100),
});
const recentQuery = z.object({
  importType: z.string().refine(isImportType, 'is not an import type').default('EVENT_PARTICIPANT'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export interface ImportsRoutesDeps {
  imports: ImportsDeps;
  keys: ApiKeyChecker;
  jwtSecret: string;
  maxUploadBytes: number;
  /** What the reader may read of a previewed file (the worker's limits). */
  readLimits: PreviewLimits;
  /** Previews read at the same time; more are refused with 429. */
  previewConcurrency: number;
}

function scopeOf(deps: ImportsDeps, req: Request): OperatorScope {
  const claims = authOf(req).user;
  if (!claims) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
  return new OperatorScope(deps.db, deps.participants, { registrationSystemId: claims.registrationSystemId, userKey: claims.userKey });
}

/**
 * The import REST of the contract: the flow's upload (PUT) and result (GET) resources, and the
 * type-agnostic `/api/imports/**` the common stages use. Handlers parse, call one domain
 * function, and answer.
 */
export function importsRoutes(deps: ImportsRoutesDeps): Router {
  const { imports } = deps;
  const previews = previewSlots(deps.previewConcurrency);
  const router = Router();
  router.use('/api', requireXApiKey(deps.keys), requireBearer(deps.jwtSecret));

  for (const [importType, { importerKey, uploadName }] of Object.entries(IMPORT_TYPES) as Array<
    [ImportType, (typeof IMPORT_TYPES)[ImportType]]
  >) {
    router.put(
      `/api/${importerKey}/${uploadName}`,
      asyncHandler(async (req, res) => {
        const scope = scopeOf(imports, req);
        const job = await readMultipartUpload(
          req,
          { maxBytes: deps.maxUploadBytes, authorise: () => scope.requireOperator() },
          (upload, fields) => uploadImport(imports, scope, importType, fields, upload),
        );
        res.status(201).location(`/api/imports/${job.id}`).json(job);
      }),
    );
    router.get(
      `/api/${importerKey}/import/:id`,
      asyncHandler(async (req, res) => {
        const { id } = parseInput(uuidPath, req.params, 'path');
        res.json(await importResult(imports, scopeOf(imports, req), importType, id));
      }),
    );
  }

  router.get(
    '/api/imports/source-systems',
    asyncHandler(async (req, res) => {
      res.json(await sourceSystems(imports, scopeOf(imports, req)));
    }),
  );
  router.post(
    '/api/imports/source-systems',
    asyncHandler(async (req, res) => {
      const body = parseInput(sourceSystemBody, req.body);
      res.status(201).json(await createImportSourceSystem(imports, scopeOf(imports, req), body));
    }),
  );
  router.get(
    '/api/imports/source-systems/:id/template-variants',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(idPath, req.params, 'path');
      res.json(await templateVariants(imports, scopeOf(imports, req), id));
    }),
  );
  router.post(
    '/api/imports/preview',
    asyncHandler(async (req, res) => {
      const scope = scopeOf(imports, req);
      // The operator first: a member's request takes no preview slot and its body is not read.
      // The slot is taken when the file starts arriving, not before: a client that opens requests
      // and sends their bodies slowly must not hold every slot while nothing is read.
      let release = () => {};
      // A client that leaves (a newer preview aborts the one before) ends the read and its reader.
      const abandoned = clientGoneSignal(res, new InputError('The client left before the preview was read', { code: 'PREVIEW_ABANDONED' }));
      res.on('close', () => release());
      try {
        res.json(
          await readMultipartUpload(
            req,
            {
              maxBytes: deps.maxUploadBytes,
              authorise: () => scope.requireOperator(),
            },
            // async: a refused slot (429) rejects, so the body is read to nowhere and the answer sent.
            async (upload, fields) => {
              release = previews.enter();
              return previewFile(imports, deps.readLimits, scope, fields, upload, abandoned);
            },
          ),
        );
      } finally {
        release();
      }
    }),
  );
  router.get(
    '/api/imports/recent',
    asyncHandler(async (req, res) => {
      const q = parseInput(recentQuery, req.query, 'query');
      res.json(await recentImports(imports, scopeOf(imports, req), q.importType as ImportType, q.limit));
    }),
  );
  router.get(
    '/api/imports/:id',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      res.json(await getImportWithCorrections(imports, scopeOf(imports, req), id));
    }),
  );
  router.get(
    '/api/imports/:id/rows',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      res.json(await importRows(imports, scopeOf(imports, req), id, parseInput(rowsQuery, req.query, 'query')));
    }),
  );
  router.get(
    '/api/imports/:id/failed-rows.csv',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      const file = await failedRowsFile(imports, scopeOf(imports, req), id);
      res.attachment(file.fileName).type('text/csv; charset=utf-8').set('Cache-Control', 'no-store');
      // Once the first bytes are out an error can only break the answer off (pipeline destroys it)
      // and be logged; a client that leaves early is no error.
      await pipeline(file.content, res).catch((err: { code?: string }) => {
        if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
      });
    }),
  );
  router.post(
    '/api/imports/:id/corrections',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      const scope = scopeOf(imports, req);
      // An operator, and an import of theirs that exists, before the file is read.
      const authorise = async () => {
        await scope.requireOperator();
        await scope.job(id);
      };
      const job = await readMultipartUpload(req, { maxBytes: deps.maxUploadBytes, authorise }, (upload, fields) =>
        uploadCorrections(imports, scope, id, fields, upload),
      );
      res.status(201).location(`/api/imports/${job.id}`).json(job);
    }),
  );
  router.put(
    '/api/imports/:id/column-mappings',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      const body = parseInput(columnMappingsBody, req.body);
      res.json(await submitColumnMappings(imports, scopeOf(imports, req), id, body.mappings));
    }),
  );
  router.put(
    '/api/imports/:id/cell-mappings',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      const body = parseInput(cellMappingsBody, req.body);
      res.json(await submitCellMappings(imports, scopeOf(imports, req), id, body.mappings));
    }),
  );
  router.post(
    '/api/imports/:id/fingerprint',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      const body = parseInput(fingerprintBody, req.body);
      res.json(await resumeFromFingerprint(imports, scopeOf(imports, req), id, body.decision));
    }),
  );
  router.post(
    '/api/imports/:id/cancel',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      res.json(await cancelImport(imports, scopeOf(imports, req), id));
    }),
  );
  router.post(
    '/api/imports/:id/undo',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      res.json(await undoImport(imports, scopeOf(imports, req), id));
    }),
  );
  router.get(
    '/api/imports/:id/undo',
    asyncHandler(async (req, res) => {
      const { id } = parseInput(uuidPath, req.params, 'path');
      res.json(await importUndo(imports, scopeOf(imports, req), id, parseInput(undoQuery, req.query, 'query')));
    }),
  );
  return router;
}
