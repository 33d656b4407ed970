import { useQuery } from '@apollo/client/react';
import { graphql } from '../graphql/generated';
import { AppLink } from '../ui/AppLink';
import { Notice } from '../ui/Notice';
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
      {error && <Notice severity="error">{error.message}</Notice>}
      {loading && !periods && <p className="muted">{texts.loading}</p>}
      {periods && periods.length === 0 && <p>{texts.empty}</p>}
      {periods && periods.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="periods-caption">
          <table className="work-table">
            <caption id="periods-caption" className="visually-hidden">
              {texts.caption}
            </caption>
            <thead>
              <tr>
                <th scope="col">{texts.columns.name}</th>
                <th scope="col">{texts.columns.status}</th>
                <th scope="col">{texts.columns.opens}</th>
                <th scope="col">{texts.columns.closes}</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.id} data-testid="period-row" data-period={p.id}>
                  <td>
                    <AppLink to={periodPath(p.id)}>{p.name}</AppLink>
                  </td>
                  <td>{texts.statuses[p.status]}</td>
                  <td>{p.registrationOpensOn}</td>
                  <td>{p.registrationClosesOn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
