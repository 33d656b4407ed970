import { useQuery } from '@apollo/client/react';
import { useEffect, type ReactNode } from 'react';
import { navigate } from '../../../lib/navigation';
import { AppLink } from '../../ui/AppLink';
import { Notice } from '../../ui/Notice';
import type { ImportFlow } from '../lib/flows';
import { hostPath, summaryPath, uploadPath } from '../lib/importPaths';
import { importTexts } from '../texts';
import { CountsPanel } from './CountsPanel';
import { FailedRowsPanel } from './FailedRowsPanel';
import { IgnoredColumnsPanel } from './IgnoredColumnsPanel';
import { MergeCandidatesPanel } from './MergeCandidatesPanel';
import { RelatedImports } from './RelatedImports';
import { RowResultsTable } from './RowResultsTable';
import { SummaryHeader } from './SummaryHeader';
import { IMPORT_SUMMARY, type CountKey } from './summaryQuery';
import { UndoPanel } from './UndoPanel';

export interface SummaryLayoutProps {
  flow: ImportFlow;
  jobId: string;
  title: string;
  /** The counts this flow fills, in the order shown. */
  countKeys: readonly CountKey[];
  /** What only this flow shows (the result set of E08), beside the common panels. */
  flowDetails?: ReactNode;
}

/**
 * The summary screen every flow shares (contract bookend item 8): the header by terminal state
 * (a fingerprint abort is FAILED), the counts, the flow's own details, the per-row table with
 * typed outcomes, the merge candidates and ignored columns (each hidden when empty), the failed
 * rows to download and correct, and the undo.
 */
export function SummaryLayout({ flow, jobId, title, countKeys, flowDetails }: SummaryLayoutProps) {
  const { data, error } = useQuery(IMPORT_SUMMARY, { variables: { id: jobId }, fetchPolicy: 'network-only' });
  const job = data?.importJob ?? null;

  useEffect(() => {
    document.title = `${title} – ${importTexts.nav.imports}`;
  }, [title]);

  // A running job belongs on the host, another flow's job on its own summary.
  const elsewhere = !job
    ? null
    : !job.terminal
      ? hostPath(job.id)
      : job.callerKey !== flow.callerKey
        ? summaryPath(job.callerKey, job.id)
        : null;
  useEffect(() => {
    if (elsewhere) navigate(elsewhere, { replace: true });
  }, [elsewhere]);

  if (data !== undefined && job === null) {
    return (
      <section aria-labelledby="summary-title" data-testid="import-not-found">
        <h1 id="summary-title">{importTexts.notFound.title}</h1>
        <p>{importTexts.notFound.body}</p>
        <AppLink to={uploadPath(flow.callerKey)}>{title}</AppLink>
      </section>
    );
  }
  if (!job || elsewhere) {
    return error ? <Notice severity="error">{importTexts.failedToLoad}</Notice> : <p className="muted">{importTexts.loading}</p>;
  }
  return (
    <section
      aria-labelledby="summary-title"
      className="import-page import-summary"
      data-testid="import-summary"
      data-flow={flow.callerKey}
      data-display-state={job.displayState}
    >
      <SummaryHeader job={job} title={title} />
      <CountsPanel counts={job.counts} keys={countKeys} />
      {flowDetails}
      <MergeCandidatesPanel candidates={job.mergeCandidatesCreated} />
      <IgnoredColumnsPanel columns={job.ignoredColumns} />
      <FailedRowsPanel job={job} />
      <RowResultsTable jobId={job.id} counts={job.counts} />
      <UndoPanel job={job} />
      <RelatedImports job={job} />
      <p>
        <AppLink to={uploadPath(flow.callerKey)}>{title}</AppLink>
      </p>
    </section>
  );
}
