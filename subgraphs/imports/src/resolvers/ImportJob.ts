import type { ImportJobResolvers } from './types.generated';
import { findImport } from '../domain/commands';
import { rowResultsPage, mergeCandidatesOfJob } from '../data/rowResults';
import { failedRowsUrl } from '../domain/failedRows/failedRowsFile';
import { toJobView } from '../domain/jobView';
import { importFieldView } from '../domain/fields';
import { whyNotUndoable } from '../domain/undo/jobUndo';
import { resultSetSummary } from '../flows/resultSets/summary';

const COUNT_KEYS = ['rows', 'created', 'updated', 'unchanged', 'failed', 'personsCreated', 'personsUpdated', 'mergeCandidates'] as const;

/** ImportJob: read from the job view; results and merge candidates are read on demand. */
export const ImportJob = {
  __resolveReference: (ref, ctx) => findImport(ctx.scope(), String(ref.id)),
  event: (job) => (job.eventId === null ? null : { id: job.eventId }),
  fileName: (job) => (job.config.fileName as string | undefined) ?? null,
  rowsTotal: (job) => job.progress.rowsTotal,
  rowsProcessed: (job) => job.progress.rowsProcessed,
  error: (job) => job.error?.message ?? null,
  // The fields this job's columns may feed: its flow's, as its upload options make them (e.g. which
  // key a result file must have), so the columns stage needs no flow-specific knowledge.
  columns: (job, _a, ctx) =>
    job.columns && { ...job.columns, fields: ctx.imports.processors[job.importType].fields(job.config).map(importFieldView) },
  counts: (job) => {
    const c = job.counts;
    return {
      ...Object.fromEntries(COUNT_KEYS.map((k) => [k, c[k] ?? 0])),
      matchedByKey: c.matchedTRUSTED_KEY ?? 0,
      matchedExactly: c.matchedEXACT ?? 0,
      matchedFuzzily: c.matchedFUZZY ?? 0,
    } as Record<(typeof COUNT_KEYS)[number] | 'matchedByKey' | 'matchedExactly' | 'matchedFuzzily', number>;
  },
  cells: (job) =>
    job.cells && {
      asked: job.cells.asked.map((a) => ({
        fkType: a.fkType,
        value: a.value,
        rows: a.rows,
        matches: a.matches,
        answered: a.choice !== undefined,
        chosenTargetId: a.choice?.targetId ?? null,
      })),
      options: Object.entries(job.cells.options).map(([fkType, targets]) => ({ fkType, targets })),
    },
  verification: (job) =>
    job.verification && {
      ...job.verification,
      sample: job.verification.sample.map((s) => ({
        rowNo: s.rowNo,
        person: s.personId === null ? null : { id: s.personId },
        matchKind: s.matchKind,
        file: Object.entries(s.file).map(([field, value]) => ({ field, value })),
        changes: s.changes,
      })),
    },
  results: async (job, { first, after, failedOnly, outcome }, ctx) => {
    const page = await rowResultsPage(ctx.imports.db, String(job.id), {
      first: Math.min(Math.max(first ?? 50, 1), 500),
      after: Math.max(after ?? 0, 0),
      failedOnly: failedOnly ?? false,
      outcome: outcome ?? null,
    });
    return {
      nextAfter: page.nextAfter,
      rows: page.rows.map((r) => ({ ...r, person: r.personId === null ? null : { id: r.personId } })),
    };
  },
  mergeCandidatesCreated: async (job, _a, ctx) =>
    (await mergeCandidatesOfJob(ctx.imports.db, String(job.id), 1000)).map((m) => ({
      id: m.id,
      rowNo: m.rowNo,
      person: { id: m.personId },
      candidate: { id: m.candidatePersonId },
    })),
  resultSet: (job) => resultSetSummary(job),
  failedRowCount: (job, _a, ctx) => ctx.loaders.failedRowCount.load(String(job.id)),
  failedRowsUrl: async (job, _a, ctx) =>
    failedRowsUrl(job, ctx.imports.processors[job.importType], await ctx.loaders.failedRowCount.load(String(job.id))),
  correctsJob: async (job, _a, ctx) => {
    const original = job.correctsJobId ? await ctx.loaders.job.load(job.correctsJobId) : null;
    return original && toJobView(original);
  },
  correctedBy: async (job, _a, ctx) => (await ctx.loaders.correctedBy.load(String(job.id))).map(toJobView),
  undoable: (job, _a, ctx) => whyNotUndoable(job, ctx.imports.processors[job.importType]) === null,
  undo: (job) => job.undo && { ...job.undo, jobId: String(job.id) },
} satisfies ImportJobResolvers;
