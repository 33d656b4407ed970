import { importTexts } from '../texts';

/** A worker has the job (reading, matching, checking, undoing): nothing to do but wait. */
export function WaitingStage({ state }: { state: string }) {
  return (
    <div className="pending" role="status" data-testid="stage-waiting">
      <span className="spinner" aria-hidden="true" />
      <p>
        {importTexts.host.waiting[state] ?? importTexts.loading} {importTexts.host.refreshes}
      </p>
    </div>
  );
}
