import type { Knex } from '@ems/db';
import type { ImportJobRecord } from '../../data/jobs';
import type {
  ChunkContext,
  ChunkResult,
  ForeignKeyResolver,
  ImportRowResult,
  MappedRow,
  RowProcessor,
  UndoResult,
} from '../../domain/rowProcessor';
import { failed } from '../../domain/rowResults';
import type { Verification } from '../../domain/stages/verifying';
import type { ParticipantImportConfig } from './config';
import { PARTICIPANT_FIELDS } from './fields';
import { gate, type SourceKind } from './gating';
import { PARTICIPANT_REJECTION_MESSAGES, type ParticipantsPort, type PersonMatch } from './membershipPort';
import { isFailure, readParticipantRow, type ParticipantRow } from './rows';
import { prepareParticipantUpload } from './upload';
import { matchChunkRows, outcomeCounts, personWriteOf, recordMergeCandidates, verifyPersonSample } from '../personMatching';
import { undoResultOf } from '../undoResult';

/** The job's configJson for this flow: the upload's fields and what the source system turned out to be. */
export type StoredParticipantConfig = ParticipantImportConfig & { sourceKind: SourceKind };

/** membership's reason code for a refused row, as the operator reads it. */
function rejectionMessage(reason: string | null): string {
  return (PARTICIPANT_REJECTION_MESSAGES as Record<string, string>)[reason ?? ''] ?? 'The row was refused';
}

function configOf(job: ImportJobRecord): StoredParticipantConfig {
  return job.config as unknown as StoredParticipantConfig;
}

export function eventParticipantProcessor(port: ParticipantsPort): RowProcessor {
  const categoryResolver: ForeignKeyResolver = {
    async resolve(db, job, values) {
      const found = await port.resolveCategoryValues(db, job.eventId as number, values);
      return found.map((f) => ({ value: f.value, matches: f.matches.map((c) => ({ id: c.id, label: `${c.code} (${c.name})` })) }));
    },
    async choices(db, job) {
      return (await port.eventCategories(db, job.eventId as number)).map((c) => ({ id: c.id, label: `${c.code} (${c.name})` }));
    },
  };

  async function readRows(ctx: ChunkContext, rows: readonly MappedRow[]) {
    const config = configOf(ctx.job);
    const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
    const results = new Map<number, ImportRowResult>();
    const valid: ParticipantRow[] = [];
    for (const row of rows) {
      const read = readParticipantRow(row, ctx.foreignKeys.category ?? {}, g);
      if (isFailure(read))
        results.set(row.rowNo, { rowNo: row.rowNo, outcome: 'FAILED', personId: null, targetId: null, matchKind: null, failure: read });
      else valid.push(read);
    }
    return { config, g, results, valid };
  }

  return {
    importType: () => 'EVENT_PARTICIPANT',
    fields: () => PARTICIPANT_FIELDS,
    supportsWholeFile: () => false,
    supportsFingerprintCheck: () => true,
    afterChunks: (db) => port.refreshImportStatistics(db),
    foreignKeys: () => ({ category: categoryResolver }),
    prepareUpload: (trx, upload) => prepareParticipantUpload(port, trx, upload),

    async processChunk(trx: Knex.Transaction, ctx: ChunkContext, rows: readonly MappedRow[]): Promise<ChunkResult> {
      const { config, g, results, valid } = await readRows(ctx, rows);
      const job = ctx.job;
      const eventId = job.eventId as number;
      if (ctx.job.checkpoint === 0 && config.createCustom.some(Boolean)) {
        await port.setCustomFieldLabels(trx, eventId, config.createCustom, job.id);
      }
      const { matchOf, writable, unresolved } = await matchChunkRows(port, trx, job, config, valid);
      for (const r of unresolved) results.set(r.rowNo, r);
      const written = await port.applyParticipants(
        trx,
        job.registrationSystemId,
        eventId,
        writable.map((row) => {
          return {
            ...personWriteOf(row, matchOf.get(row.rowNo) as PersonMatch, config, g),
            bib: row.bib,
            categoryId: row.categoryId,
            custom: row.custom,
          };
        }),
        // Membership records what the job created and changed, for its undo.
        job.id,
      );
      const counts = { personsCreated: 0, personsUpdated: 0, mergeCandidates: 0 };
      const matched: Record<string, number> = {};
      for (const w of written) {
        const m = matchOf.get(w.key) as PersonMatch;
        if (w.action === 'REJECTED') {
          results.set(w.key, {
            rowNo: w.key,
            outcome: 'FAILED',
            personId: w.personId,
            targetId: null,
            matchKind: m.kind,
            failure: failed(rejectionMessage(w.reason)),
          });
          continue;
        }
        results.set(w.key, {
          rowNo: w.key,
          outcome: w.action,
          personId: w.personId,
          targetId: w.participantId,
          matchKind: m.kind,
          failure: null,
        });
        if (w.personCreated) counts.personsCreated++;
        if (w.personUpdated) counts.personsUpdated++;
        const matchKey = `matched${m.kind}`;
        matched[matchKey] = (matched[matchKey] ?? 0) + 1;
      }
      counts.mergeCandidates = await recordMergeCandidates(
        port,
        trx,
        job,
        written.filter((w) => w.personCreated),
        matchOf,
        results,
      );
      const ordered = rows.map((r) => results.get(r.rowNo) as ImportRowResult);
      return { rows: ordered, counts: { rows: rows.length, ...outcomeCounts(ordered), ...counts, ...matched } };
    },

    async verify(db: Knex, ctx: ChunkContext, sample: readonly MappedRow[]): Promise<Verification> {
      const { config, valid } = await readRows(ctx, sample);
      return verifyPersonSample(port, db, ctx.job, config, valid);
    },

    result(job: ImportJobRecord): Record<string, unknown> {
      return { eventId: job.eventId };
    },

    async undo(trx: Knex.Transaction, job: ImportJobRecord): Promise<UndoResult> {
      return undoResultOf(
        await port.undoImportChanges(trx, {
          importJobId: job.id,
          registrationSystemId: job.registrationSystemId,
          eventId: job.eventId,
          since: job.createdAt,
        }),
      );
    },
  };
}
