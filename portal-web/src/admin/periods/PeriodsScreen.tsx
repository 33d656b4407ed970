import { useQuery } from '@apollo/client/react';
import { graphql } from '../graphql/generated';
import { AppLink } from '../ui/AppLink';
import { ListResult } from '../work/ListResult';
import { periodPath } from './periodPaths';
import { periodTexts as texts } from './texts';

const PERIODS = graphql(`
  query AdminPeriods {
    operatorMembershipPeriods {
      id
      name
      status
      registrationOpensOn
      registrationClosesOn
    }
  }
`);

/** The periods of the operator's organisations, each a click away from its settings, prices and price preview. */
export function PeriodsScreen() {
  const { data, loading, error } = useQuery(PERIODS, { fetchPolicy: 'network-only' });
  const periods = data?.operatorMembershipPeriods;
  return (
    <section aria-labelledby="periods-title" data-testid="periods">
      <h2 id="periods-title">{texts.title}</h2>
      <ListResult
        list={{ loading, error, page: periods && { rows: periods } }}
        loadingText={texts.loading}
        empty={<p>{texts.empty}</p>}
        caption={texts.caption}
        columns={[texts.columns.name, texts.columns.status, texts.columns.opens, texts.columns.closes]}
        row={(p) => (
          <tr key={p.id} data-testid="period-row" data-period={p.id}>
            <td>
              <AppLink to={periodPath(p.id)}>{p.name}</AppLink>
            </td>
            <td>{texts.statuses[p.status]}</td>
            <td>{p.registrationOpensOn}</td>
            <td>{p.registrationClosesOn}</td>
          </tr>
        )}
      />
    </section>
  );
}
