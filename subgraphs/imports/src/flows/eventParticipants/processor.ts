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
import { failed, unresolvedPerson } from '../../domain/rowResults';
import type { FieldChange, SampleComparison, Verification } from '../../domain/stages/verifying';
import type { ParticipantImportConfig } from './config';
import { PARTICIPANT_FIELDS } from './fields';
import { gate, type SourceKind } from './gating';
import {
  PARTICIPANT_REJECTION_MESSAGES,
  type ParticipantsPort,
  type PersonMatch,
  type PersonMatchInput,
  type PersonSnapshot,
} from './membershipPort';
import { isFailure, readParticipantRow, type ParticipantRow } from './rows';
import { prepareParticipantUpload } from './upload';
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

/**
 * F7 thresholds: of the sampled rows whose trusted key found a person, this share or more
 * naming someone else means "wrong file or wrong source"; and a source that has given us keys
 * before but none of whose keys in a sample of at least MIN_SAMPLE rows is known.
 */
const OTHER_PERSON_SHARE = 0.3;
const MIN_SAMPLE = 10;

/**
 * F8: at most this many merge candidates per new person, the most similar first (membership
 * lists them by score). An operator decides a handful; a longer list is noise, and a large file
 * of common names would otherwise create more candidates than rows.
 */
const MERGE_CANDIDATES_PER_ROW = 3;

function sameName(a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }): boolean {
  const n = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
  return n(a.firstName) === n(b.firstName) && n(a.lastName) === n(b.lastName);
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

  function matchInput(row: ParticipantRow, config: StoredParticipantConfig): PersonMatchInput {
    const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
    return {
      key: row.rowNo,
      trustedPersonId: g.trustedKey === 'personId' ? row.personId : null,
      sourceSystemId: config.sourceSystemId,
      trustedExternalId: g.trustedKey === 'externalId' ? row.externalId : null,
      firstName: row.firstName,
      lastName: row.lastName,
      dateOfBirth: row.dateOfBirth,
    };
  }

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
      const matches = await port.matchPersons(
        trx,
        job.registrationSystemId,
        valid.map((r) => matchInput(r, config)),
      );
      const matchOf = new Map(matches.map((m) => [m.key, m]));
      const writable: ParticipantRow[] = [];
      for (const row of valid) {
        const m = matchOf.get(row.rowNo) as PersonMatch;
        // Our own export named a person id we do not have: the row cannot say who it is.
        if (g.trustedKey === 'personId' && row.personId !== null && m.trustedKeyUnknown) {
          results.set(row.rowNo, {
            rowNo: row.rowNo,
            outcome: 'FAILED',
            personId: null,
            targetId: null,
            matchKind: null,
            failure: unresolvedPerson(row.firstName, row.lastName, `Person ID ${row.personId} is not a person of this club's system`),
          });
        } else writable.push(row);
      }
      const written = await port.applyParticipants(
        trx,
        job.registrationSystemId,
        eventId,
        writable.map((row) => {
          const m = matchOf.get(row.rowNo) as PersonMatch;
          return {
            key: row.rowNo,
            personId: m.personId,
            firstName: row.firstName,
            lastName: row.lastName,
            dateOfBirth: row.dateOfBirth,
            email: row.email,
            // Personal data changes only for persons found by the trusted key (gating).
            updatePII: g.updatePII && m.kind === 'TRUSTED_KEY',
            sourceSystemId: config.sourceKind === 'external' ? config.sourceSystemId : null,
            externalId: config.sourceKind === 'external' ? row.externalId : null,
            bib: row.bib,
            categoryId: row.categoryId,
            custom: row.custom,
          };
        }),
        // Membership records what the job created and changed, for its undo.
        job.id,
      );
      const counts = {
        rows: rows.length,
        created: 0,
        updated: 0,
        unchanged: 0,
        failed: 0,
        personsCreated: 0,
        personsUpdated: 0,
        mergeCandidates: 0,
      };
      const matched: Record<string, number> = {};
      const candidates: Array<{
        personId: number;
        candidatePersonId: number;
        score: number;
        reason: string;
        importJobId: string;
        key: number;
      }> = [];
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
        if (w.personCreated && w.personId !== null) {
          for (const c of m.candidates.slice(0, MERGE_CANDIDATES_PER_ROW)) {
            candidates.push({
              personId: w.personId,
              candidatePersonId: c.personId,
              score: c.score,
              reason: 'Similar name, same date of birth',
              importJobId: job.id,
              key: w.key,
            });
          }
        }
      }
      const created = candidates.length > 0 ? await port.createMergeCandidates(trx, job.registrationSystemId, candidates) : [];
      counts.mergeCandidates = created.length;
      const rowOfPerson = new Map(written.map((w) => [w.personId, w.key]));
      for (const mc of created) {
        const row = results.get(rowOfPerson.get(mc.personId) as number);
        if (row) row.mergeCandidates = [...(row.mergeCandidates ?? []), mc];
      }
      const ordered = rows.map((r) => results.get(r.rowNo) as ImportRowResult);
      for (const r of ordered) {
        if (r.outcome === 'CREATED') counts.created++;
        else if (r.outcome === 'UPDATED') counts.updated++;
        else if (r.outcome === 'UNCHANGED') counts.unchanged++;
        else counts.failed++;
      }
      return { rows: ordered, counts: { ...counts, ...matched } };
    },

    async verify(db: Knex, ctx: ChunkContext, sample: readonly MappedRow[]): Promise<Verification> {
      const { config, g, valid } = await readRows(ctx, sample);
      const matches = await port.matchPersons(
        db,
        ctx.job.registrationSystemId,
        valid.map((r) => matchInput(r, config)),
      );
      const matchOf = new Map(matches.map((m) => [m.key, m]));
      const personIds = matches.flatMap((m) => (m.personId ? [m.personId] : []));
      const persons = new Map<number, PersonSnapshot>(
        (await port.personsByIds(db, ctx.job.registrationSystemId, personIds)).map((p) => [p.id, p]),
      );
      const comparisons: SampleComparison[] = valid.map((row) => {
        const m = matchOf.get(row.rowNo) as PersonMatch;
        const person = m.personId ? persons.get(m.personId) : undefined;
        const changes: FieldChange[] = [];
        if (person) {
          const pairs: Array<[string, string | null, string | null]> = [
            ['firstName', person.firstName, row.firstName],
            ['lastName', person.lastName, row.lastName],
            ['dateOfBirth', person.dateOfBirth, row.dateOfBirth],
            ['email', person.email, row.email],
          ];
          for (const [field, current, file] of pairs) {
            if (file !== null && file !== current) changes.push({ field, current, file, applied: g.updatePII && m.kind === 'TRUSTED_KEY' });
          }
        }
        const file: Record<string, string> = { firstName: row.firstName, lastName: row.lastName };
        if (row.dateOfBirth) file.dateOfBirth = row.dateOfBirth;
        if (row.externalId) file.externalId = row.externalId;
        if (row.personId) file.personId = String(row.personId);
        return { rowNo: row.rowNo, file, personId: m.personId, matchKind: m.kind, changes };
      });
      let warning: Verification['warning'] = null;
      const byKey = valid.map((row, i) => ({ row, m: matchOf.get(row.rowNo) as PersonMatch, i })).filter((x) => x.m.kind === 'TRUSTED_KEY');
      const otherPerson = byKey.filter(({ row, m }) => {
        const p = m.personId ? persons.get(m.personId) : undefined;
        return p !== undefined && !sameName(p, row);
      });
      if (byKey.length > 0 && otherPerson.length / byKey.length >= OTHER_PERSON_SHARE) {
        warning = {
          code: 'KEYS_MATCH_OTHER_PERSONS',
          message: `In ${otherPerson.length} of ${byKey.length} sampled rows the key names a different person: is this the right file, from the right source system?`,
        };
      } else if (
        config.sourceKind === 'external' &&
        config.sourceSystemId !== null &&
        valid.filter((r) => r.externalId).length >= MIN_SAMPLE
      ) {
        const known = await port.countExternalIds(db, ctx.job.registrationSystemId, config.sourceSystemId);
        const keyed = valid.filter((r) => r.externalId);
        if (known > 0 && config.trustPKs && byKey.length === 0) {
          warning = {
            code: 'NO_KNOWN_KEYS',
            message: `None of the ${keyed.length} sampled IDs is known from this source system, which has sent ${known} before: is this the right source system?`,
          };
        }
      }
      return { performed: true, skippedBecause: null, sample: comparisons, warning, acknowledged: false };
    },

    result(job: ImportJobRecord): Record<string, unknown> {
      return { eventId: job.eventId };
    },

    async undo(trx: Knex.Transaction, job: ImportJobRecord): Promise<UndoResult> {
      return undoResultOf(
        await port.undoImportChanges(trx, { importJobId: job.id, registrationSystemId: job.registrationSystemId, eventId: job.eventId }),
      );
    },
  };
}
