import * as events from '@ems/membership/events';

/**
 * What the membership import needs from membership: the set-based functions of
 * `@ems/membership/events` (each takes the caller's transaction). The processor depends on this
 * port rather than the module, so that a test can wrap the real functions.
 */
export type { MemberWrite, MemberWriteResult, PersonMatch, PersonMatchInput } from '@ems/membership/events';

export type MembersPort = Pick<
  typeof events,
  | 'applyMembers'
  | 'matchPersons'
  | 'createMergeCandidates'
  | 'personsByIds'
  | 'countExternalIds'
  | 'organisationsByIds'
  | 'periodForOperator'
  | 'resolvePeriodValues'
  | 'organisationPeriods'
  | 'resolveMembershipTypeValues'
  | 'organisationMembershipTypes'
  | 'refreshMemberImportStatistics'
  | 'undoImportChanges'
>;

export const membershipMembers: MembersPort = events;
