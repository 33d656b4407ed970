import type { ImportType } from '../domain/importTypes';
import type { RowProcessor } from '../domain/rowProcessor';
import { eventParticipantProcessor } from './eventParticipants/processor';
import { membershipEvents, type ParticipantsPort } from './eventParticipants/membershipPort';
import { resultSetProcessor } from './resultSets/processor';
import { membershipResultSets, type ResultSetsPort } from './resultSets/membershipPort';
import { membershipProcessor } from './memberships/processor';
import { membershipMembers, type MembersPort } from './memberships/membershipPort';

/** The row processor of every import type (bookend item 2). */
export type Processors = Readonly<Record<ImportType, RowProcessor>>;

export function createProcessors(
  ports: {
    participants?: ParticipantsPort;
    resultSets?: ResultSetsPort;
    members?: MembersPort;
    /** The import's date as `YYYY-MM-DD` (tests fix it); the UTC calendar day by default. */
    today?: () => string;
  } = {},
): Processors {
  return {
    EVENT_PARTICIPANT: eventParticipantProcessor(ports.participants ?? membershipEvents),
    RESULT_SET: resultSetProcessor(ports.resultSets ?? membershipResultSets),
    MEMBERSHIP: membershipProcessor(ports.members ?? membershipMembers, ports.today),
  };
}
