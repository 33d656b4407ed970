import type { MappedRow } from '../../domain/rowProcessor';
import { cellFailure, failed, unresolvedPerson, type RowFailure } from '../../domain/rowResults';
import { parsePositiveInt } from '../../domain/values';
import type { ParticipantKeyKind, ResultStatus } from './membershipPort';
import { parseRaceTime } from './raceTime';

/** A result row checked and typed, before its participant is looked up. */
export interface ResultRow {
  rowNo: number;
  /** The participant key the mode reads (bib, participant id or external id), trimmed. */
  key: string;
  status: ResultStatus;
  timeMs: number | null;
  /** The row's bib when it is not the key: a new start number, if number changes are applied. */
  newBib: string | null;
  firstName: string;
  lastName: string;
}

/**
 * Status words as timing exports write them (English and German), compared in lower case with
 * spaces collapsed. FINISHED words only in a status column; the others also stand in the time
 * column ("DNF" where the time would be).
 */
const STATUS_WORDS: Record<ResultStatus, readonly string[]> = {
  FINISHED: ['ok', 'finished', 'finish', 'fin', 'finisher'],
  DNF: ['dnf', 'did not finish', 'aufg', 'aufg.', 'aufgegeben', 'ausgeschieden'],
  DNS: ['dns', 'did not start', 'nicht gestartet', 'nicht angetreten'],
  DSQ: ['dsq', 'dq', 'disq', 'disq.', 'disqualified', 'disqualifiziert'],
};
const STATUS_OF_WORD = new Map(
  (Object.entries(STATUS_WORDS) as Array<[ResultStatus, readonly string[]]>).flatMap(([status, words]) => words.map((w) => [w, status])),
);

function statusOfWord(value: string): ResultStatus | null {
  return STATUS_OF_WORD.get(value.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

const KEY_LABELS: Record<ParticipantKeyKind, string> = { BIB: 'bib', PARTICIPANT_ID: 'participant ID', EXTERNAL_ID: 'external ID' };
const KEY_FIELDS: Record<ParticipantKeyKind, string> = { BIB: 'bib', PARTICIPANT_ID: 'participantId', EXTERNAL_ID: 'externalId' };
const MAX_BIB = 20;

export function keyLabel(mode: ParticipantKeyKind): string {
  return KEY_LABELS[mode];
}

/**
 * Checks one row's cells. Status and time: a status column (empty means finished) and a time
 * column, which may hold DNF, DNS or DSQ instead of a time; a finisher needs a valid time, a
 * non-finisher keeps a time if one is given (a disqualified runner's time) and is never ranked.
 */
export function readResultRow(row: MappedRow, mode: ParticipantKeyKind): ResultRow | RowFailure {
  const v = (field: string) => (row.values[field] ?? '').trim();
  const refused = cellFailure(Object.values(row.values));
  if (refused) return refused;
  const firstName = v('firstName');
  const lastName = v('lastName');
  const key = v(KEY_FIELDS[mode]);
  if (!key) return unresolvedPerson(firstName, lastName, `The row has no ${keyLabel(mode)}, so it names no participant`);
  if (mode === 'PARTICIPANT_ID' && parsePositiveInt(key) === null) return failed(`Participant ID "${key}" is not a number`);
  if (mode === 'BIB' && key.length > MAX_BIB) return failed(`Bib "${key}" is longer than ${MAX_BIB} characters`);
  const newBib = mode === 'BIB' ? null : v('bib') || null;
  if (newBib && newBib.length > MAX_BIB) return failed(`Bib "${newBib}" is longer than ${MAX_BIB} characters`);

  const statusCell = v('status');
  const timeCell = v('time');
  let status: ResultStatus | null = null;
  if (statusCell) {
    status = statusOfWord(statusCell);
    if (!status) return failed(`Status "${statusCell}" is not one of OK, DNF, DNS, DSQ`);
  }
  const timeStatus = timeCell ? statusOfWord(timeCell) : null;
  if (timeStatus && timeStatus !== 'FINISHED') {
    if (status && status !== timeStatus) return failed(`Status "${statusCell}" and time "${timeCell}" contradict each other`);
    return { rowNo: row.rowNo, key, status: timeStatus, timeMs: null, newBib, firstName, lastName };
  }
  let timeMs: number | null = null;
  if (timeCell) {
    timeMs = parseRaceTime(timeCell);
    if (timeMs === null) return failed(`Time "${timeCell}" is not a time (h:mm:ss.s or mm:ss, or DNF, DNS, DSQ)`);
  }
  status ??= 'FINISHED';
  if (status === 'FINISHED' && timeMs === null) {
    return failed(statusCell ? 'A finished result needs a time' : 'The row has no time and no status (DNF, DNS, DSQ)');
  }
  return { rowNo: row.rowNo, key, status, timeMs, newBib, firstName, lastName };
}

export function isFailure(value: ResultRow | RowFailure): value is RowFailure {
  return 'category' in value;
}
