import type { Knex } from '@ems/db';
import { householdUserKeys, stageHouseholds, type HouseholdSource } from '../../data/jobHouseholds';
import { findJob, type ImportJobRecord } from '../../data/jobs';
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
import { columnOfField, type ColumnsState } from '../../domain/stages/columns';
import type { Verification } from '../../domain/stages/verifying';
import { gate } from '../eventParticipants/gating';
import {
  matchChunkRows,
  outcomeCounts,
  personWriteOf,
  recordMergeCandidates,
  verifyPersonSample,
  type PersonSourceConfig,
} from '../personMatching';
import { undoResultOf } from '../undoResult';
import type { MembershipImportConfig } from './config';
import { MEMBER_FIELDS } from './fields';
import type { MembersPort, MemberWrite, PersonMatch } from './membershipPort';
import { isRowFailure, isUserKey, readMemberRow, type MemberRow } from './rows';
import { prepareMembershipUpload } from './upload';

/** The job's configJson for this flow: the upload's fields and what the source system turned out to be. */
export type StoredMembershipConfig = MembershipImportConfig & PersonSourceConfig & { organisationId: number };

function configOf(job: ImportJobRecord): StoredMembershipConfig {
  return job.config as unknown as StoredMembershipConfig;
}

/**
 * The membership import (M01): one row per person, written through membership's applyMembers
 * (docs/imports.md, "Membership import"). `today` is the import's date (prices of memberships
 * awaiting payment are taken on it).
 */
export function membershipProcessor(port: MembersPort, today: () => string = () => new Date().toISOString().slice(0, 10)): RowProcessor {
  const periodResolver: ForeignKeyResolver = {
    resolve: (db, job, values) => port.resolvePeriodValues(db, job.organisationId, values),
    choices: (db, job) => port.organisationPeriods(db, job.organisationId),
  };
  const typeResolver: ForeignKeyResolver = {
    resolve: (db, job, values) => port.resolveMembershipTypeValues(db, job.organisationId, values),
    choices: (db, job) => port.organisationMembershipTypes(db, job.organisationId),
  };

  function readRows(ctx: ChunkContext, rows: readonly MappedRow[]) {
    const config = configOf(ctx.job);
    const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
    const results = new Map<number, ImportRowResult>();
    const valid: MemberRow[] = [];
    const context = { gate: g, foreignKeys: ctx.foreignKeys, defaultPeriodId: config.periodId, today: today() };
    for (const row of rows) {
      const read = readMemberRow(row, context);
      if (isRowFailure(read))
        results.set(row.rowNo, { rowNo: row.rowNo, outcome: 'FAILED', personId: null, targetId: null, matchKind: null, failure: read });
      else valid.push(read);
    }
    return { config, g, results, valid };
  }

  /** Where a job's households are read from: the job's own rows, after those of the jobs it corrects (oldest first). */
  async function householdSources(db: Knex, job: ImportJobRecord): Promise<HouseholdSource[]> {
    const sources: HouseholdSource[] = [];
    let current: ImportJobRecord | null = job;
    // A chain of corrections is short; the bound only guards against a loop in the data.
    for (let depth = 0; current && depth < 20; depth++) {
      const columns = columnOfField(current.columns as ColumnsState);
      const householdColumn = columns.get('householdKey');
      const userKeyColumn = columns.get('userKey');
      if (householdColumn !== undefined && userKeyColumn !== undefined)
        sources.unshift({ jobId: current.id, householdColumn, userKeyColumn });
      current = current.correctsJobId ? await findJob(db, current.correctsJobId) : null;
    }
    return sources;
  }

  /** The user keys of each household of these rows, as the whole file (and the files it corrects) give them. */
  async function households(trx: Knex.Transaction, job: ImportJobRecord, rows: readonly MemberRow[]) {
    if (job.checkpoint === 0) await stageHouseholds(trx, job.id, await householdSources(trx, job));
    const keys = [...new Set(rows.flatMap((r) => (r.householdKey ? [r.householdKey] : [])))];
    const found = await householdUserKeys(trx, job.id, keys);
    // A user key the rows' check refuses is not a login: no account is made of it.
    return new Map([...found].map(([k, userKeys]) => [k, userKeys.filter(isUserKey)]));
  }

  return {
    importType: () => 'MEMBERSHIP',
    fields: () => MEMBER_FIELDS,
    supportsWholeFile: () => false,
    supportsFingerprintCheck: () => true,
    afterChunks: (db) => port.refreshMemberImportStatistics(db),
    foreignKeys: () => ({ period: periodResolver, membershipType: typeResolver }),
    prepareUpload: (trx, upload) => prepareMembershipUpload(port, trx, upload),

    async processChunk(trx: Knex.Transaction, ctx: ChunkContext, rows: readonly MappedRow[]): Promise<ChunkResult> {
      const { config, g, results, valid } = readRows(ctx, rows);
      const job = ctx.job;
      const householdKeys = await households(trx, job, valid);
      const { matchOf, writable, unresolved } = await matchChunkRows(port, trx, job, config, valid);
      for (const r of unresolved) results.set(r.rowNo, r);
      const written = await port.applyMembers(
        trx,
        {
          registrationSystemId: job.registrationSystemId,
          organisationId: job.organisationId,
          today: today(),
          importJobId: job.id,
          startedAt: job.createdAt,
        },
        writable.map((row): MemberWrite => {
          return {
            ...personWriteOf(row, matchOf.get(row.rowNo) as PersonMatch, config, g),
            userKey: row.userKey,
            householdUserKeys: row.householdKey ? (householdKeys.get(row.householdKey) ?? []) : [],
            periodId: row.periodId,
            membershipTypeId: row.membershipTypeId,
            status: row.status,
            membershipNumber: row.membershipNumber,
            memberSince: row.memberSince,
          };
        }),
      );
      const counts = {
        rows: rows.length,
        personsCreated: 0,
        personsUpdated: 0,
        renewals: 0,
        accountsCreated: 0,
        linksCreated: 0,
        ordersCreated: 0,
        mergeCandidates: 0,
      };
      const matched: Record<string, number> = {};
      const orders = new Set<number>();
      for (const w of written) {
        const m = matchOf.get(w.key) as PersonMatch;
        if (w.action === 'REJECTED') {
          results.set(w.key, {
            rowNo: w.key,
            outcome: 'FAILED',
            personId: w.personId,
            targetId: null,
            matchKind: m.kind,
            failure: failed(w.message ?? 'The row was refused'),
          });
          continue;
        }
        results.set(w.key, {
          rowNo: w.key,
          outcome: w.action,
          personId: w.personId,
          targetId: w.membershipId,
          matchKind: m.kind,
          failure: null,
        });
        if (w.personCreated) counts.personsCreated++;
        if (w.personUpdated) counts.personsUpdated++;
        if (w.memberType === 'renewal') counts.renewals++;
        counts.accountsCreated += w.accountsCreated;
        counts.linksCreated += w.linksCreated;
        if (w.action === 'CREATED' && w.orderId !== null) orders.add(w.orderId);
        const matchKey = `matched${m.kind}`;
        matched[matchKey] = (matched[matchKey] ?? 0) + 1;
      }
      counts.ordersCreated = orders.size;
      counts.mergeCandidates = await recordMergeCandidates(
        port,
        trx,
        job,
        written.filter((w) => w.personCreated),
        matchOf,
        results,
      );
      const ordered = rows.map((r) => results.get(r.rowNo) as ImportRowResult);
      return { rows: ordered, counts: { ...counts, ...outcomeCounts(ordered), ...matched } };
    },

    async verify(db: Knex, ctx: ChunkContext, sample: readonly MappedRow[]): Promise<Verification> {
      const { config, valid } = readRows(ctx, sample);
      return verifyPersonSample(port, db, ctx.job, config, valid);
    },

    result(job: ImportJobRecord): Record<string, unknown> {
      return { organisationId: job.organisationId, periodId: configOf(job).periodId };
    },

    /**
     * Removes the memberships, unpaid orders, links, OrgUser rows, accounts and persons the job
     * created and puts back the accounts and personal data it changed, unless changed since (a
     * membership paid, an account used for an order...). Numbers handed out stay used: the
     * sequence never goes back.
     */
    async undo(trx: Knex.Transaction, job: ImportJobRecord): Promise<UndoResult> {
      return undoResultOf(
        await port.undoImportChanges(trx, {
          importJobId: job.id,
          registrationSystemId: job.registrationSystemId,
          eventId: null,
          since: job.createdAt,
        }),
      );
    },
  };
}
