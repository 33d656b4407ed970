import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../graphql/generated';
import type { ImportRowResultsQuery } from '../../graphql/generated/graphql';
import { describeFailure } from '../lib/rowOutcome';
import { fkTypeLabel, formatCount, importTexts } from '../texts';
import type { SummaryJob } from './summaryQuery';
import { ScrollRegion } from '../../ui/ScrollRegion';

const texts = importTexts.summary;

/** Rows per page: one keyset page in file order, however long the file. */
export const ROWS_PER_PAGE = 50;

export const ROW_RESULTS_PAGE = graphql(`
  fragment ImportRowResults_page on ImportRowResultPage {
    nextAfter
    rows {
      rowNo
      outcome
      matchKind
      person {
        id
        firstName
        lastName
      }
      failure {
        category
        description
        rawFirstName
        rawLastName
        fkType
        fkValue
      }
    }
  }
`);

const ROW_RESULTS = graphql(`
  query ImportRowResults($id: ID!, $first: Int!, $after: Int!, $outcome: String) {
    importJob(id: $id) {
      id
      results(first: $first, after: $after, outcome: $outcome) {
        ...ImportRowResults_page
      }
    }
  }
`);

type Row = NonNullable<ImportRowResultsQuery['importJob']>['results']['rows'][number];

/** The filters, each with the count that says how many rows it shows. */
const FILTERS = ['ALL', 'FAILED', 'CREATED', 'UPDATED', 'UNCHANGED'] as const;
type Filter = (typeof FILTERS)[number];
const COUNT_OF: Record<Filter, keyof SummaryJob['counts']> = {
  ALL: 'rows',
  FAILED: 'failed',
  CREATED: 'created',
  UPDATED: 'updated',
  UNCHANGED: 'unchanged',
};

/**
 * The per-row table (ImportRowResult): a page of 50 in file order, filtered by outcome on the
 * server, with typed outcomes: the raw names of an unresolved person, the kind and value of a
 * foreign-key mismatch, a failure's description, and any other category as GENERIC.
 */
export function RowResultsTable({ jobId, counts }: { jobId: string; counts: SummaryJob['counts'] }) {
  const [filter, setFilter] = useState<Filter>(counts.failed > 0 ? 'FAILED' : 'ALL');
  // Each page's `after`: the first page's is 0, "Previous" pops.
  const [afters, setAfters] = useState<number[]>([0]);
  const after = afters[afters.length - 1] ?? 0;
  const { data, loading } = useQuery(ROW_RESULTS, {
    variables: { id: jobId, first: ROWS_PER_PAGE, after, outcome: filter === 'ALL' ? null : filter },
    fetchPolicy: 'cache-first',
  });
  const page = data?.importJob?.results;
  const rows = page?.rows ?? [];

  function choose(next: Filter) {
    setFilter(next);
    setAfters([0]);
  }

  return (
    <section className="card" aria-labelledby="rows-title" data-testid="row-results" data-filter={filter}>
      <h2 id="rows-title">{texts.rowsTitle}</h2>
      <div className="field row-filter">
        <label htmlFor="row-filter">{texts.filter}</label>
        <select id="row-filter" value={filter} onChange={(e) => choose(e.target.value as Filter)}>
          {FILTERS.filter((f) => f === 'ALL' || counts[COUNT_OF[f]] > 0).map((f) => (
            <option key={f} value={f}>
              {texts.filters[f]} ({formatCount(counts[COUNT_OF[f]])})
            </option>
          ))}
        </select>
      </div>
      <ScrollRegion label={texts.rowsTitle}>
        <table className="data-table rows-table" aria-busy={loading}>
          <caption className="visually-hidden">
            {rows.length > 0 ? texts.page(rows[0]!.rowNo, rows[rows.length - 1]!.rowNo) : texts.rowsTitle}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="amount">
                {texts.row}
              </th>
              <th scope="col">{texts.outcome}</th>
              <th scope="col">{texts.person}</th>
              <th scope="col">{texts.detail}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <RowResult key={row.rowNo} row={row} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {!loading && rows.length === 0 && <p className="muted">{texts.noRows}</p>}
      <div className="actions pager">
        <button
          type="button"
          className="button button-secondary"
          disabled={afters.length === 1}
          onClick={() => setAfters((a) => a.slice(0, -1))}
        >
          {texts.previous}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={page?.nextAfter == null}
          onClick={() => page?.nextAfter != null && setAfters((a) => [...a, page.nextAfter!])}
        >
          {texts.next}
        </button>
      </div>
    </section>
  );
}

function RowResult({ row }: { row: Row }) {
  const failure = row.failure ? describeFailure(row.failure, texts.failure, fkTypeLabel) : null;
  return (
    <tr data-row={row.rowNo} data-outcome={row.outcome} data-category={failure?.kind}>
      <td className="amount">{row.rowNo}</td>
      <td>
        <span className={`badge ${row.outcome === 'FAILED' ? 'badge-failed' : 'badge-other'}`}>
          {texts.outcomes[row.outcome] ?? row.outcome}
        </span>
      </td>
      <td>{row.person ? `${row.person.firstName} ${row.person.lastName}` : '—'}</td>
      <td>
        {failure ? (
          <>
            <span className="failure-kind">{texts.categories[failure.kind]}: </span>
            {failure.headline}
            {failure.detail && <span className="muted"> ({failure.detail})</span>}
          </>
        ) : (
          row.matchKind && <span className="muted">{importTexts.verifying.matchKinds[row.matchKind] ?? row.matchKind}</span>
        )}
      </td>
    </tr>
  );
}
