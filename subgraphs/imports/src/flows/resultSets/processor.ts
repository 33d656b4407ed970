import type { Knex } from '@ems/db';
import { NotFoundError } from '@ems/schema';
import type { ImportJobRecord } from '../../data/jobs';
import type { ImportRowResult, RowProcessor, WholeFileResult, WholeFileRows } from '../../domain/rowProcessor';
import { failed, numberChangeRefused, unresolvedPerson, type RowFailure } from '../../domain/rowResults';
import { resultSetNameOf, type ResultSetImportConfig } from './config';
import { resultSetFields } from './fields';
import { NUMBER_CHANGE_REFUSAL_MESSAGES, type NumberChange, type ResultEntry, type ResultSetsPort } from './membershipPort';
import { isFailure, keyLabel, readResultRow, type ResultRow } from './rows';
import { prepareResultSetUpload } from './upload';

/** The job's configJson for this flow: the upload's fields and the file's name (the default set name). */
type StoredResultSetConfig = ResultSetImportConfig & { fileName?: string };

function configOf(job: ImportJobRecord): StoredResultSetConfig {
  return job.config as unknown as StoredResultSetConfig;
}

function failedRow(rowNo: number, failure: RowFailure, personId: number | null = null): ImportRowResult {
  return { rowNo, outcome: 'FAILED', personId, targetId: null, matchKind: null, failure };
}

/** A row's result, the participant it found, and its new bib (if it asks for one). */
interface AcceptedRow extends ResultEntry {
  rowNo: number;
}

/** How many rows failed and the first of them: the job's message when nothing was applied. */
function notAppliedMessage(failedRows: number, rows: number, first: ImportRowResult): string {
  return (
    `Nothing was imported: ${failedRows} of ${rows} rows failed (row ${first.rowNo}: ${first.failure?.description ?? 'failed'}). ` +
    'The results of the event are as they were; correct the file and upload it again.'
  );
}

/**
 * E08, whole file (docs/imports.md, "Result sets"): every row is read and its participant found
 * first; only when no row failed are the number changes applied and the result set replaced, so a
 * failure anywhere leaves the event's results exactly as they were. Row results are recorded for
 * the rows that failed and for number changes refused; the other rows are counted (contract:
 * counters on the job).
 */
async function applyResultFile(
  port: ResultSetsPort,
  trx: Knex.Transaction,
  job: ImportJobRecord,
  input: WholeFileRows,
): Promise<WholeFileResult> {
  const config = configOf(job);
  const eventId = job.eventId as number;
  if (!(await port.lockEvent(trx, eventId))) throw new NotFoundError('The event no longer exists', { code: 'EVENT_NOT_FOUND' });
  const mode = config.participantIdMode;
  const accepted: AcceptedRow[] = [];
  const changes: Array<NumberChange & { personId: number; oldBib: string | null }> = [];
  const rowOfParticipant = new Map<number, number>();
  let rows = 0;
  let failedRows = 0;
  let firstFailure: ImportRowResult | null = null;

  for await (const page of input.pages()) {
    rows += page.length;
    const failures = new Map<number, ImportRowResult>();
    const read: ResultRow[] = [];
    for (const row of page) {
      const r = readResultRow(row, mode);
      if (isFailure(r)) failures.set(row.rowNo, failedRow(row.rowNo, r));
      else read.push(r);
    }
    const found = await port.resolveParticipants(
      trx,
      eventId,
      mode,
      read.map((r) => r.key),
    );
    for (const r of read) {
      const matches = found.get(r.key) ?? [];
      const participant = matches[0];
      if (!participant) {
        failures.set(
          r.rowNo,
          failedRow(r.rowNo, unresolvedPerson(r.firstName, r.lastName, `No participant of this event has ${keyLabel(mode)} "${r.key}"`)),
        );
        continue;
      }
      if (matches.length > 1) {
        failures.set(
          r.rowNo,
          failedRow(
            r.rowNo,
            unresolvedPerson(r.firstName, r.lastName, `${matches.length} participants of this event have ${keyLabel(mode)} "${r.key}"`),
          ),
        );
        continue;
      }
      const earlier = rowOfParticipant.get(participant.participantId);
      if (earlier !== undefined) {
        failures.set(r.rowNo, failedRow(r.rowNo, failed(`The participant already has a result on row ${earlier}`), participant.personId));
        continue;
      }
      rowOfParticipant.set(participant.participantId, r.rowNo);
      accepted.push({ rowNo: r.rowNo, participantId: participant.participantId, status: r.status, timeMs: r.timeMs });
      if (config.applyNumberChanges && r.newBib !== null && r.newBib !== participant.bib) {
        changes.push({
          key: r.rowNo,
          participantId: participant.participantId,
          bib: r.newBib,
          personId: participant.personId,
          oldBib: participant.bib,
        });
      }
    }
    if (failures.size > 0) {
      const ordered = [...failures.values()].sort((a, b) => a.rowNo - b.rowNo);
      firstFailure ??= ordered[0] as ImportRowResult;
      failedRows += ordered.length;
      await input.record(ordered);
    }
  }

  const counts = { rows, failed: failedRows, created: 0, results: 0 };
  if (firstFailure) return { counts, notApplied: notAppliedMessage(failedRows, rows, firstFailure) };

  const numberChanges = await port.applyNumberChanges(trx, eventId, changes);
  const changeOf = new Map(changes.map((c) => [c.key, c]));
  const refused = numberChanges.filter((n) => !n.applied);
  await input.record(
    refused.map((n) => {
      const c = changeOf.get(n.key) as (typeof changes)[number];
      const reason = NUMBER_CHANGE_REFUSAL_MESSAGES[n.reason ?? 'BIB_TAKEN'];
      const keeps = c.oldBib === null ? 'the participant still has no bib' : `the participant keeps bib "${c.oldBib}"`;
      return {
        rowNo: n.key,
        outcome: 'CREATED',
        personId: c.personId,
        targetId: c.participantId,
        matchKind: null,
        failure: numberChangeRefused(`The result was recorded, but not bib "${c.bib}": ${reason}; ${keeps}`),
      };
    }),
  );
  const set = await port.replaceResultSet(
    trx,
    eventId,
    { name: resultSetNameOf(config), importJobId: job.id, pointsCalculator: config.pointsCalculator },
    accepted,
  );
  const byStatus = { finished: 0, dnf: 0, dns: 0, dsq: 0 };
  for (const a of accepted) byStatus[a.status === 'FINISHED' ? 'finished' : (a.status.toLowerCase() as 'dnf' | 'dns' | 'dsq')]++;
  return {
    counts: {
      ...counts,
      created: set.results,
      results: set.results,
      ...byStatus,
      scored: set.scored,
      resultSetReplaced: set.replaced ? 1 : 0,
      previousResults: set.previousResults,
      numberChangesApplied: numberChanges.length - refused.length,
      numberChangesRefused: refused.length,
    },
    notApplied: null,
  };
}

export function resultSetProcessor(port: ResultSetsPort): RowProcessor {
  return {
    importType: () => 'RESULT_SET',
    fields: (config) => resultSetFields(config ? (config as unknown as ResultSetImportConfig) : null),
    supportsWholeFile: () => true,
    supportsFingerprintCheck: () => false,
    foreignKeys: () => ({}),
    prepareUpload: (trx, upload) => prepareResultSetUpload(port, trx, upload),
    processWholeFile: (trx, ctx, rows) => applyResultFile(port, trx, ctx.job, rows),
    result(job: ImportJobRecord): Record<string, unknown> {
      const config = configOf(job);
      return {
        eventId: job.eventId,
        resultSetName: resultSetNameOf(config),
        participantIdMode: config.participantIdMode,
        applyNumberChanges: config.applyNumberChanges,
        pointsCalculator: config.pointsCalculator,
      };
    },
  };
}
