import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import { IMPORT_FLOWS } from '../lib/flows';
import { SummaryLayout } from '../summary/SummaryLayout';
import type { CountKey } from '../summary/summaryQuery';
import { formatCount, importTexts } from '../texts';

const texts = importTexts.summary.resultSet;

/** A whole-file import: its rows are read or failed; what it wrote is the result set's. */
const COUNTS: readonly CountKey[] = ['rows', 'failed'];

const RESULT_SET_SUMMARY = graphql(`
  query ImportResultSetSummary($id: ID!) {
    importJob(id: $id) {
      id
      resultSet {
        name
        results
        finished
        dnf
        dns
        dsq
        scored
        replaced
        previousResults
        numberChangesApplied
        numberChangesRefused
      }
    }
  }
`);

/** The result-set summary (E08): the shared layout and the result set the file filled. */
export function ResultsSummary({ jobId }: { jobId: string }) {
  return (
    <SummaryLayout
      flow={IMPORT_FLOWS['result-sets']}
      jobId={jobId}
      title={importTexts.flows['result-sets'].title}
      countKeys={COUNTS}
      flowDetails={<ResultSetPanel jobId={jobId} />}
    />
  );
}

function ResultSetPanel({ jobId }: { jobId: string }) {
  const { data } = useQuery(RESULT_SET_SUMMARY, { variables: { id: jobId }, fetchPolicy: 'network-only' });
  const set = data?.importJob?.resultSet;
  if (!set) return null;
  const figures: Array<[string, number]> = [
    [texts.results, set.results],
    [texts.finished, set.finished],
    [texts.dnf, set.dnf],
    [texts.dns, set.dns],
    [texts.dsq, set.dsq],
    [texts.scored, set.scored],
  ];
  return (
    <section className="card" aria-labelledby="result-set-title" data-testid="result-set">
      <h2 id="result-set-title">
        {texts.title}: {set.name}
      </h2>
      <dl className="counts">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {set.replaced && <p>{texts.replaced(set.previousResults)}</p>}
      {set.numberChangesApplied + set.numberChangesRefused > 0 && (
        <p>{texts.numberChanges(set.numberChangesApplied, set.numberChangesRefused)}</p>
      )}
    </section>
  );
}
