/**
 * What the imports subgraph may call (docs/decisions.md, "Events and person matching"): package
 * export `@ems/membership/events`. Every function takes the caller's knex or transaction first and
 * is set-based: a fixed number of statements per call, whatever the number of rows. Nothing else
 * of this package is public to other subgraphs.
 */
export type { Db } from '../data/db';
export type {
  CategoryRef,
  MatchKind,
  OperatorEvent,
  ParticipantAction,
  ParticipantRejection,
  ParticipantWrite,
  ParticipantWriteResult,
  PersonMatch,
  PersonMatchInput,
  PersonSnapshot,
} from '../domain/events/types';
export { PARTICIPANT_REJECTION_MESSAGES } from '../domain/events/types';
export {
  countExternalIds,
  createMergeCandidates,
  eventCategories,
  eventForOperator,
  eventsByIds,
  operatorOrganisationIds,
  personsByIds,
  resolveCategoryValues,
  setCustomFieldLabels,
} from '../domain/events/events';
export { matchPersons, MATCH_THRESHOLDS } from '../domain/events/matching';
export { applyParticipants } from '../domain/events/participants';
export { refreshImportStatistics } from '../data/statistics';
