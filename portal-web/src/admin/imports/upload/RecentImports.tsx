import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import type { ImportType } from '../../graphql/generated/graphql';
import { AppLink } from '../../ui/AppLink';
import { hostPath, summaryPath } from '../lib/importPaths';
import { formatCount, formatInstant, importTexts } from '../texts';
import { ScrollRegion } from '../../ui/ScrollRegion';

const texts = importTexts.recent;

const RECENT_IMPORTS = graphql(`
  query RecentImports($importType: ImportType!) {
    recentImports(importType: $importType, limit: 10) {
      id
      callerKey
      state
      displayState
      terminal
      fileName
      createdAt
      event {
        id
        name
      }
      counts {
        rows
        failed
      }
    }
  }
`);

/** The latest imports of this flow's ImportType (contract bookend item 7): to the summary when ended, else to the host. */
export function RecentImports({ importType }: { importType: ImportType }) {
  const { data } = useQuery(RECENT_IMPORTS, { variables: { importType }, fetchPolicy: 'network-only' });
  const jobs = data?.recentImports;
  return (
    <section aria-labelledby="recent-title" data-testid="recent-imports">
      <h2 id="recent-title">{texts.title}</h2>
      {!jobs ? (
        <p className="muted">{importTexts.loading}</p>
      ) : jobs.length === 0 ? (
        <p className="muted">{texts.empty}</p>
      ) : (
        <ScrollRegion label={texts.title}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{texts.file}</th>
                <th scope="col">{texts.target}</th>
                <th scope="col">{texts.when}</th>
                <th scope="col">{texts.state}</th>
                <th scope="col" className="amount">
                  {texts.rows}
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} data-job={job.id}>
                  <td>
                    <AppLink to={(job.terminal ? summaryPath(job.callerKey, job.id) : null) ?? hostPath(job.id)}>
                      {job.fileName ?? job.id}
                    </AppLink>
                  </td>
                  <td>{job.event?.name ?? '—'}</td>
                  <td>{formatInstant(job.createdAt)}</td>
                  <td>{importTexts.states[job.displayState] ?? job.displayState}</td>
                  <td className="amount">{formatCount(job.counts.rows)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
