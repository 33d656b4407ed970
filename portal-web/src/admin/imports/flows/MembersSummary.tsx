import { IMPORT_FLOWS } from '../lib/flows';
import { SummaryLayout } from '../summary/SummaryLayout';
import { PERSON_FLOW_COUNTS } from '../summary/summaryQuery';
import { importTexts } from '../texts';

/** The membership summary: the shared layout; members are persons, matched as participants are. */
export function MembersSummary({ jobId }: { jobId: string }) {
  return (
    <SummaryLayout
      flow={IMPORT_FLOWS.memberships}
      jobId={jobId}
      title={importTexts.flows.memberships.title}
      countKeys={PERSON_FLOW_COUNTS}
    />
  );
}
