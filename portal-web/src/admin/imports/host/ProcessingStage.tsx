import { useRef } from 'react';
import { progressEstimate, type ProgressSample } from '../lib/progress';
import { importTexts } from '../texts';

const texts = importTexts.processing;

/** Progress while the worker imports: rows done, rows per second and time left, measured across polls. */
export function ProcessingStage({ rowsProcessed, rowsTotal }: { rowsProcessed: number; rowsTotal: number | null }) {
  const first = useRef<ProgressSample | null>(null);
  const latest = { at: Date.now(), rows: rowsProcessed };
  if (first.current === null) first.current = latest;
  const estimate = progressEstimate(first.current, latest, rowsTotal);
  return (
    <div data-testid="stage-processing" data-rows-processed={rowsProcessed}>
      <h2>{texts.title}</h2>
      <div
        className="progress"
        role="progressbar"
        aria-label={texts.progressLabel}
        aria-valuemin={0}
        aria-valuemax={rowsTotal ?? undefined}
        aria-valuenow={rowsTotal === null ? undefined : rowsProcessed}
        aria-valuetext={texts.rowsDone(rowsProcessed, rowsTotal)}
      >
        <div className="progress-bar" style={{ width: `${estimate.percent ?? 0}%` }} />
      </div>
      <p className="progress-figures">
        <span data-testid="rows-done">{texts.rowsDone(rowsProcessed, rowsTotal)}</span>
        {estimate.perSecond === null ? (
          <span className="muted">{texts.measuring}</span>
        ) : (
          <>
            <span data-testid="rows-per-second">{texts.rate(estimate.perSecond)}</span>
            {estimate.secondsLeft !== null && <span data-testid="time-left">{texts.timeLeft(estimate.secondsLeft)}</span>}
          </>
        )}
      </p>
      <p className="muted">{importTexts.host.refreshes}</p>
    </div>
  );
}
