/**
 * The shapes `@ems/membership/events` exchanges with the imports subgraph (docs/decisions.md,
 * "Events and person matching"). Dates are `YYYY-MM-DD` text in both directions.
 */

export interface OperatorEvent {
  id: number;
  organisationId: number;
  /** The organisation's registration system: the persons an import of this event matches against. */
  registrationSystemId: number;
  name: string;
  startsOn: string | null;
  customFieldLabels: CustomFields;
}

export type CustomFields = [string | null, string | null, string | null];

export interface CategoryRef {
  id: number;
  code: string;
  name: string;
}

/**
 * Whose persons an import may find (docs/decisions.md, "Organisation boundary in imports"): those
 * connected to the job's organisations before it started, and those the job itself created.
 */
export interface PersonMatchScope {
  organisationIds: readonly number[];
  /** When the job started (its upload): connections made since, by the job too, do not count. */
  startedAt: Date;
  /** The job: persons it created in earlier chunks match its later rows. */
  importJobId: string | null;
}

export interface PersonMatchInput {
  /** The caller's key of the row (e.g. its row number); answers carry it back. */
  key: number;
  trustedPersonId: number | null;
  sourceSystemId: number | null;
  trustedExternalId: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
}

export type MatchKind = 'TRUSTED_KEY' | 'EXACT' | 'FUZZY' | 'NONE';

export interface PersonMatch {
  key: number;
  personId: number | null;
  kind: MatchKind;
  /** TRUSTED_KEY: null; EXACT: 1; FUZZY: the similarity; NONE: the best candidate's, or null. */
  score: number | null;
  /** Other persons it may be (best first): the import records them as merge candidates. */
  candidates: Array<{ personId: number; score: number }>;
  /** A trusted key was given but matched nobody (the row then went on to name matching). */
  trustedKeyUnknown: boolean;
}

/** The person half of an imported row's write (a participant's, a member's). */
export interface PersonWrite {
  /** The caller's key of the row (its row number); answers carry it back. */
  key: number;
  /** The person F4 found, or null: create one. */
  personId: number | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  /** Whether this row may change an existing person's name, date of birth and e-mail. */
  updatePII: boolean;
  sourceSystemId: number | null;
  externalId: string | null;
}

export interface ParticipantWrite extends PersonWrite {
  bib: string | null;
  categoryId: number | null;
  custom: CustomFields;
}

export type ParticipantAction = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'REJECTED';

export interface ParticipantWriteResult {
  key: number;
  action: ParticipantAction;
  personId: number | null;
  participantId: number | null;
  personCreated: boolean;
  personUpdated: boolean;
  /** A ParticipantRejection code when REJECTED, else null. */
  reason: string | null;
}

/** Why applyParticipants rejected a row; each rejected row writes nothing. */
export type ParticipantRejection = 'BIB_TAKEN' | 'BIB_TWICE_IN_BATCH' | 'PERSON_TWICE_IN_BATCH' | 'PERSON_NOT_FOUND' | 'CATEGORY_NOT_FOUND';

export const PARTICIPANT_REJECTION_MESSAGES: Record<ParticipantRejection, string> = {
  BIB_TAKEN: 'The bib belongs to another participant of this event.',
  BIB_TWICE_IN_BATCH: 'The bib appears on more than one row.',
  PERSON_TWICE_IN_BATCH: 'The person appears on more than one row (only the first is applied).',
  PERSON_NOT_FOUND: 'The person does not exist in this registration system.',
  CATEGORY_NOT_FOUND: 'The category is not one of this event.',
};

export interface PersonSnapshot {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
}

export interface MergeCandidateInput {
  personId: number;
  candidatePersonId: number;
  score: number;
  reason: string;
  /** The import job that found the pair: the pair is recorded as created by it (undo removes it). */
  importJobId: string | null;
  /** The caller's key of the row that found the pair (the import's row number), reported by an undo. */
  key?: number | null;
}
