import type { ComponentType } from 'react';
import { MembersSummary } from './flows/MembersSummary';
import { MembersUpload } from './flows/MembersUpload';
import { ParticipantsSummary } from './flows/ParticipantsSummary';
import { ParticipantsUpload } from './flows/ParticipantsUpload';
import { ResultsSummary } from './flows/ResultsSummary';
import { ResultsUpload } from './flows/ResultsUpload';
import type { CallerKey } from './lib/flows';

/** Each flow's bookends (contract items 7 and 8); the common host between them is the same for all. */
export const FLOW_SCREENS: Readonly<Record<CallerKey, { Upload: ComponentType; Summary: ComponentType<{ jobId: string }> }>> = {
  'event-participants': { Upload: ParticipantsUpload, Summary: ParticipantsSummary },
  'result-sets': { Upload: ResultsUpload, Summary: ResultsSummary },
  memberships: { Upload: MembersUpload, Summary: MembersSummary },
};
