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
  PersonMatchScope,
  PersonSnapshot,
  PersonWrite,
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
export type {
  NumberChange,
  NumberChangeRefusal,
  NumberChangeResult,
  ParticipantKeyKind,
  ParticipantRef,
  ResultEntry,
  ResultSetReplacement,
  ResultStatus,
} from '../domain/results/types';
export { NUMBER_CHANGE_REFUSAL_MESSAGES, PARTICIPANT_KEY_KINDS, RESULT_STATUSES } from '../domain/results/types';
export { isPointsCalculatorName, POINTS_CALCULATORS, POINTS_CALCULATOR_NAMES, type PointsCalculatorName } from '../domain/results/points';
export { applyNumberChanges, lockEvent, replaceResultSet, resolveParticipants } from '../domain/results/resultSets';

// The membership import (M01; docs/imports.md): members, households and their memberships.
export type {
  ImportedMembershipStatus,
  MemberAction,
  MemberImportChoice,
  MemberImportTarget,
  MemberRejection,
  MemberWrite,
  MemberWriteResult,
} from '../domain/memberImport/types';
export { applyMembers } from '../domain/memberImport/applyMembers';
export { refreshMemberImportStatistics } from '../data/statistics';
export {
  organisationMembershipTypes,
  organisationPeriods,
  organisationsByIds,
  periodForOperator,
  resolveMembershipTypeValues,
  resolvePeriodValues,
  type ImportOrganisation,
} from '../domain/memberImport/targets';
export type {
  ImportUndoCount,
  ImportUndoRefusal,
  ImportUndoResult,
  UndoDoneOutcome,
  UndoRecordKind,
  UndoRefusalReason,
} from '../domain/importUndo/types';
export { UNDO_REFUSAL_MESSAGES } from '../domain/importUndo/types';
export { undoImportChanges, type ImportUndoTarget } from '../domain/importUndo/undoImport';

// The operators' audit log (issue 20): imports' operator commands write their entries here, in their transaction.
export { recordOperatorActionsOfUser, type OperatorAction } from '../domain/audit/operatorAction';
