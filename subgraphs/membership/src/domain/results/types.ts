/**
 * The shapes `@ems/membership/events` exchanges with the result-set import (E08; decisions in
 * docs/decisions.md, "Result-set import").
 */

/** FINISHED is ranked (and may score points); the others never are. */
export type ResultStatus = 'FINISHED' | 'DNF' | 'DNS' | 'DSQ';

export const RESULT_STATUSES: readonly ResultStatus[] = ['FINISHED', 'DNF', 'DNS', 'DSQ'];

/** How a result row finds its participant in the event (participantIdMode). */
export type ParticipantKeyKind = 'BIB' | 'PARTICIPANT_ID' | 'EXTERNAL_ID';

export const PARTICIPANT_KEY_KINDS: readonly ParticipantKeyKind[] = ['BIB', 'PARTICIPANT_ID', 'EXTERNAL_ID'];

/** A participant of the event found by a key. */
export interface ParticipantRef {
  participantId: number;
  personId: number;
  bib: string | null;
}

/** A participant's new start number, asked for by the caller's row `key`. */
export interface NumberChange {
  key: number;
  participantId: number;
  bib: string;
}

/** Why a number change was not applied; the participant keeps their number. */
export type NumberChangeRefusal = 'BIB_TAKEN' | 'BIB_TWICE_IN_FILE';

export const NUMBER_CHANGE_REFUSAL_MESSAGES: Record<NumberChangeRefusal, string> = {
  BIB_TAKEN: 'The bib belongs to another participant of this event, who keeps it',
  BIB_TWICE_IN_FILE: 'The same new bib is asked for on more than one row',
};

export interface NumberChangeResult {
  key: number;
  applied: boolean;
  reason: NumberChangeRefusal | null;
  /** BIB_TAKEN: the participant who keeps the bib. */
  heldByParticipantId: number | null;
}

/** One result of a set as the caller read it; ranks and points are membership's to decide. */
export interface ResultEntry {
  participantId: number;
  status: ResultStatus;
  /** Milliseconds; required when FINISHED, optional otherwise (e.g. a disqualified runner's time). */
  timeMs: number | null;
}

export interface ResultSetReplacement {
  resultSetId: number;
  /** A set of this name already existed: its results were replaced. */
  replaced: boolean;
  /** Results the set held before (0 for a new set). */
  previousResults: number;
  results: number;
  finishers: number;
  /** Results with points (0 with the NONE calculator). */
  scored: number;
}
