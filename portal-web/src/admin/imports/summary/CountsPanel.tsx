import { formatCount, importTexts } from '../texts';
import type { CountKey, SummaryJob } from './summaryQuery';

const texts = importTexts.summary;

/** The counts panel: the flow's counts, rows and failed always, the others once they are not zero. */
export function CountsPanel({ counts, keys }: { counts: SummaryJob['counts']; keys: readonly CountKey[] }) {
  const shown = keys.filter((k) => k === 'rows' || k === 'failed' || counts[k] > 0);
  return (
    <section className="card" aria-labelledby="counts-title" data-testid="counts">
      <h2 id="counts-title">{texts.counts}</h2>
      <dl className="counts">
        {shown.map((k) => (
          <div key={k} data-count={k}>
            <dt>{texts.countLabels[k] ?? k}</dt>
            <dd>{formatCount(counts[k])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
