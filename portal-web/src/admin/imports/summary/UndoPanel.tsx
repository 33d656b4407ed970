import { navigate } from '../../../lib/navigation';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { Notice } from '../../ui/Notice';
import { graphql } from '../../graphql/generated';
import { useImportCommand } from '../host/useImportCommand';
import { hostPath } from '../lib/importPaths';
import { formatCount, formatInstant, importTexts } from '../texts';
import type { SummaryJob } from './summaryQuery';
import { CommandProblem } from '../host/CommandProblem';

const texts = importTexts.summary;

const UNDO_IMPORT = graphql(`
  mutation UndoImport($jobId: ID!) {
    undoImport(jobId: $jobId) {
      ...ImportHostState_job
    }
  }
`);

/**
 * Undo: what it will do, asked once more, then the host follows the worker (UNDOING) and comes
 * back here. Offered only when the server would take it (ImportJob.undoable); after it, what
 * the undo did and the records it left as they are.
 */
export function UndoPanel({ job }: { job: SummaryJob }) {
  const undo = useImportCommand(UNDO_IMPORT);
  if (!job.undoable && !job.undo) return null;
  return (
    <section className="card" aria-labelledby="undo-title" data-testid="undo">
      <h2 id="undo-title">{job.undoable ? texts.undoTitle : texts.undoneTitle}</h2>
      {job.undo && <UndoneDetails undo={job.undo} />}
      {job.undoable && (
        <>
          <p>{texts.undoBody(job.counts.created, job.counts.updated)}</p>
          <CommandProblem problem={undo.problem} />
          <ConfirmButton
            label={texts.undo}
            title={texts.undoConfirmTitle}
            body={<p>{texts.undoBody(job.counts.created, job.counts.updated)}</p>}
            confirmLabel={texts.undoConfirm}
            keepLabel={texts.undoKeep}
            disabled={undo.busy}
            danger
            onConfirm={() =>
              void undo.run({ jobId: job.id }).then((answer) => {
                if (answer) navigate(hostPath(job.id));
              })
            }
          />
        </>
      )}
    </section>
  );
}

function UndoneDetails({ undo }: { undo: NonNullable<SummaryJob['undo']> }) {
  return (
    <div data-testid="undo-details">
      <p className="muted">{texts.undoneBy(undo.requestedBy, formatInstant(undo.requestedAt))}</p>
      {undo.error && (
        <Notice severity="error" title={texts.undoFailed}>
          {undo.error}
        </Notice>
      )}
      {undo.counts.length > 0 && (
        <table className="data-table">
          <caption>{texts.undoCounts}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.undoRecord}</th>
              <th scope="col">{texts.undoOutcome}</th>
              <th scope="col" className="amount">
                {texts.undoCount}
              </th>
            </tr>
          </thead>
          <tbody>
            {undo.counts.map((c) => (
              <tr key={`${c.record}:${c.outcome}`}>
                <td>{c.record}</td>
                <td>{c.outcome}</td>
                <td className="amount">{formatCount(c.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {undo.refusedCount > 0 && (
        <>
          <p>{texts.undoLeft(undo.refusedCount)}</p>
          <ul>
            {undo.refused.refused.map((r) => (
              <li key={`${r.record}:${r.recordId}`}>
                {r.rowNo !== null && `${texts.row} ${r.rowNo}: `}
                {r.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
