import { useState, type FormEvent } from 'react';
import { navigate } from '../../../lib/navigation';
import { Notice } from '../../ui/Notice';
import { hostPath } from '../lib/importPaths';
import { failedRowsHref, uploadCorrections } from '../lib/importRest';
import { formatCount, importTexts } from '../texts';
import type { SummaryJob } from './summaryQuery';

const texts = importTexts.summary;

/**
 * The failed rows as a CSV to correct in a spreadsheet, and the corrected file imported as a new
 * import of the same flow (only the failed rows go in again). A whole-file import has none.
 */
export function FailedRowsPanel({ job }: { job: SummaryJob }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!job.failedRowsUrl) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const created = await uploadCorrections(job.id, file, setProgress);
      navigate(hostPath(created.id));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="failed-rows-title" data-testid="failed-rows">
      <h2 id="failed-rows-title">
        {texts.outcomes.FAILED}: {formatCount(job.failedRowCount)}
      </h2>
      <p>
        <a className="button button-secondary" href={failedRowsHref(job.failedRowsUrl)} download data-testid="failed-rows-download">
          {texts.failedRows}
        </a>
      </p>
      {job.displayState === 'COMPLETED' && (
        <form onSubmit={(e) => void onSubmit(e)} className="corrections-form">
          <p className="hint">{texts.failedRowsHint}</p>
          <div className="field">
            <label htmlFor="corrections-file">{texts.corrections}</label>
            <input id="corrections-file" type="file" accept=".csv,.xlsx,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          {problem && (
            <Notice severity="error" title={importTexts.upload.uploadFailed}>
              {problem}
            </Notice>
          )}
          <button type="submit" className="button button-secondary" disabled={!file || busy}>
            {busy ? importTexts.upload.uploading(progress) : texts.correctionsSubmit}
          </button>
        </form>
      )}
    </section>
  );
}
