import * as events from '@ems/membership/events';

/**
 * What the result-set import needs from membership: the set-based functions of
 * `@ems/membership/events` (each takes the caller's transaction). A port, as for the participant
 * import, so that a test can wrap the real functions.
 */
export type {
  NumberChange,
  NumberChangeResult,
  ParticipantKeyKind,
  ParticipantRef,
  PointsCalculatorName,
  ResultEntry,
  ResultStatus,
} from '@ems/membership/events';

export type ResultSetsPort = Pick<
  typeof events,
  'eventForOperator' | 'lockEvent' | 'resolveParticipants' | 'applyNumberChanges' | 'replaceResultSet'
>;

export const membershipResultSets: ResultSetsPort = events;

export const { NUMBER_CHANGE_REFUSAL_MESSAGES, PARTICIPANT_KEY_KINDS, POINTS_CALCULATOR_NAMES } = events;
