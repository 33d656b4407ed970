import type { ImportType } from '../domain/importTypes';
import type { RowProcessor } from '../domain/rowProcessor';
import { eventParticipantProcessor } from './eventParticipants/processor';
import { membershipEvents, type ParticipantsPort } from './eventParticipants/membershipPort';
import { resultSetProcessor } from './resultSets/processor';
import { membershipResultSets, type ResultSetsPort } from './resultSets/membershipPort';

/** The row processor of every import type (bookend item 2). */
export type Processors = Readonly<Record<ImportType, RowProcessor>>;

export function createProcessors(ports: { participants?: ParticipantsPort; resultSets?: ResultSetsPort } = {}): Processors {
  return {
    EVENT_PARTICIPANT: eventParticipantProcessor(ports.participants ?? membershipEvents),
    RESULT_SET: resultSetProcessor(ports.resultSets ?? membershipResultSets),
  };
}
