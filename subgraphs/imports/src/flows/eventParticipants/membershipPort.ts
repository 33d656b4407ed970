import * as events from '@ems/membership/events';

/**
 * What the event-participant import needs from membership: the set-based functions of
 * `@ems/membership/events` (each takes the caller's transaction). The processor depends on this
 * port rather than the module, so that a test can wrap the real functions.
 */
export type {
  CategoryRef,
  MatchKind,
  OperatorEvent,
  ParticipantWrite,
  ParticipantWriteResult,
  PersonMatch,
  PersonMatchInput,
  PersonSnapshot,
  ImportUndoRefusal,
  OperatorAction,
} from '@ems/membership/events';

export type ParticipantsPort = Pick<
  typeof events,
  | 'eventForOperator'
  | 'eventsByIds'
  | 'operatorOrganisationIds'
  | 'resolveCategoryValues'
  | 'eventCategories'
  | 'setCustomFieldLabels'
  | 'matchPersons'
  | 'applyParticipants'
  | 'createMergeCandidates'
  | 'personsByIds'
  | 'countExternalIds'
  | 'refreshImportStatistics'
  | 'undoImportChanges'
  | 'recordOperatorActionsOfUser'
>;

export const membershipEvents: ParticipantsPort = events;

export const { PARTICIPANT_REJECTION_MESSAGES, UNDO_REFUSAL_MESSAGES } = events;
