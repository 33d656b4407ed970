import { IMPORT_FLOWS } from '../lib/flows';
import { SummaryLayout } from '../summary/SummaryLayout';
import type { CountKey } from '../summary/summaryQuery';
import { importTexts } from '../texts';

const COUNTS: readonly CountKey[] = [
  'rows',
  'created',
  'updated',
  'unchanged',
  'failed',
  'personsCreated',
  'personsUpdated',
  'matchedByKey',
  'matchedExactly',
  'matchedFuzzily',
  'mergeCandidates',
];

/** The membership summary: the shared layout; members are persons, matched as participants are. */
export function MembersSummary({ jobId }: { jobId: string }) {
  return <SummaryLayout flow={IMPORT_FLOWS.memberships} jobId={jobId} title={importTexts.flows.memberships.title} countKeys={COUNTS} />;
}
