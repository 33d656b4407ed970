import { IMPORT_FLOWS } from '../lib/flows';
import { SummaryLayout } from '../summary/SummaryLayout';
import { PERSON_FLOW_COUNTS } from '../summary/summaryQuery';
import { importTexts } from '../texts';

/** The event-participant summary: the shared layout with every person-matching count (F4, F8). */
export function ParticipantsSummary({ jobId }: { jobId: string }) {
  return (
    <SummaryLayout
      flow={IMPORT_FLOWS['event-participants']}
      jobId={jobId}
      title={importTexts.flows['event-participants'].title}
      countKeys={PERSON_FLOW_COUNTS}
    />
  );
}
