import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { navigate } from '../../../lib/navigation';
import { Notice } from '../../ui/Notice';
import { AppLink } from '../../ui/AppLink';
import { HOST_POLL_MS, hostStage, isCancellable } from '../lib/jobStages';
import { importsIndexPath, summaryPath } from '../lib/importPaths';
import { importTexts } from '../texts';
import { CancelImport } from './CancelImport';
import { CellsStage } from './CellsStage';
import { ColumnsStage } from './ColumnsStage';
import { IMPORT_HOST_QUERY } from './hostJob';
import { ProcessingStage } from './ProcessingStage';
import { StageSteps } from './StageSteps';
import { VerifyingStage } from './VerifyingStage';
import { WaitingStage } from './WaitingStage';

const texts = importTexts.host;

/**
 * The common host at `/imports/<uuid>` (contract "Import job"): any flow, any stage. It shows the
 * stage the job is in (a reload shows the same one: the job is the truth), polls every two
 * seconds while the job has not ended and stops when it has, then goes to the summary of the flow
 * that uploaded it, found by the upload's caller key alone.
 */
export function ImportHost({ jobId }: { jobId: string }) {
  const { data, error, startPolling, stopPolling } = useQuery(IMPORT_HOST_QUERY, {
    variables: { id: jobId },
    fetchPolicy: 'network-only',
  });
  const job = data?.importJob ?? null;
  const found = data !== undefined && job !== null;
  // While the job runs, and while a first answer failed (a network hiccup), look again.
  const polling = (found && !job.terminal) || (data === undefined && error !== undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!polling) return;
    startPolling(HOST_POLL_MS);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);

  useEffect(() => {
    if (!job?.terminal) return;
    const to = summaryPath(job.callerKey, job.id);
    if (to) navigate(to, { replace: true });
  }, [job?.terminal, job?.callerKey, job?.id]);

  useEffect(() => {
    document.title = `${texts.title(job?.fileName ?? null)} – ${importTexts.nav.imports}`;
  }, [job?.fileName]);

  if (data !== undefined && job === null) {
    return (
      <section aria-labelledby="import-title" data-testid="import-not-found">
        <h1 id="import-title">{importTexts.notFound.title}</h1>
        <p>{importTexts.notFound.body}</p>
        <AppLink to={importsIndexPath()}>{importTexts.backToImports}</AppLink>
      </section>
    );
  }
  if (!job) {
    return error ? (
      <Notice severity="error">{importTexts.failedToLoad}</Notice>
    ) : (
      <p className="muted" role="status">
        {importTexts.loading}
      </p>
    );
  }

  const stage = hostStage(job.state, job.terminal);
  return (
    <section
      aria-labelledby="import-title"
      className="import-page import-host"
      data-testid="import-host"
      data-state={job.state}
      data-stage={stage}
    >
      <h1 id="import-title" ref={heading} tabIndex={-1}>
        {texts.title(job.fileName)}
      </h1>
      <StageSteps state={job.state} />
      <p className="muted import-state">
        <span className="badge badge-other">{importTexts.states[job.state] ?? job.state}</span>
      </p>
      {stage === 'waiting' && <WaitingStage state={job.state} />}
      {stage === 'columns' && <ColumnsStage key={job.state} jobId={job.id} />}
      {stage === 'cells' && <CellsStage key={job.state} jobId={job.id} />}
      {stage === 'verifying' && <VerifyingStage jobId={job.id} importType={job.importType} />}
      {stage === 'processing' && <ProcessingStage rowsProcessed={job.rowsProcessed} rowsTotal={job.rowsTotal ?? null} />}
      {stage === 'ended' && (
        <p className="muted" role="status">
          {importTexts.loading}
        </p>
      )}
      {isCancellable(job.state, job.terminal) && <CancelImport jobId={job.id} />}
    </section>
  );
}
