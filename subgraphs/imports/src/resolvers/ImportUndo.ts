import type { ImportUndoResolvers } from './types.generated';
import { undoRefusalsPage } from '../data/undoRefusals';

/** ImportUndo: the stored undo; the records it left are read a page at a time. */
export const ImportUndo = {
  error: (undo) => undo.error?.message ?? null,
  refusedCount: (undo) => undo.refused,
  refused: async (undo, { first, after }, ctx) => {
    const page = await undoRefusalsPage(ctx.imports.db, undo.jobId, {
      first: Math.min(Math.max(first ?? 50, 1), 500),
      after: Math.max(after ?? 0, 0),
    });
    return {
      nextAfter: page.nextAfter,
      refused: page.refused.map((r) => ({ ...r, person: r.personId === null ? null : { id: r.personId } })),
    };
  },
} satisfies ImportUndoResolvers;
