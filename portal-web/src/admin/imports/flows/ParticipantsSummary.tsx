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

/** The event-participant summary: the shared layout with every person-matching count (F4, F8). */
export function ParticipantsSummary({ jobId }: { jobId: string }) {
  return (
    <SummaryLayout
      flow={IMPORT_FLOWS['event-participants']}
      jobId={jobId}
      title={importTexts.flows['event-participants'].title}
      countKeys={COUNTS}
    />
  );
}
