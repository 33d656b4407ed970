import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { navigate, useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import type { HandoffResult } from '../graphql/generated/graphql';
import { Notice } from '../ui/Notice';
import { ShowMore, WorkTable } from '../work/WorkTable';
import { handoffTexts as texts } from './texts';
import { appendPage } from '../work/appendPage';

const HANDOFFS = graphql(`
  query AdminHandoffAttempts($filter: HandoffAttemptFilter, $after: ID) {
    operatorHandoffAttempts(filter: $filter, first: 50, after: $after) {
      nextCursor
      attempts {
        id
        at
        userKey
        scheme
        result
        reason
        clientAddress
      }
    }
  }
`);

/** `/handoffs?userKey=…&result=REFUSED`. */
function handoffSearchOf(search: string): { userKey: string; result: HandoffResult | '' } {
  const params = new URLSearchParams(search);
  const result = params.get('result');
  return { userKey: params.get('userKey')?.trim() ?? '', result: result === 'ACCEPTED' || result === 'REFUSED' ? result : '' };
}

function handoffsPath(userKey: string, result: string): string {
  const params = new URLSearchParams();
  if (userKey.trim()) params.set('userKey', userKey.trim());
  if (result) params.set('result', result);
  const query = params.toString();
  return query ? `/handoffs?${query}` : '/handoffs';
}

/** The audit trail of signed-link attempts of the tenant, with what each refusal means. */
export function HandoffsScreen() {
  const { search } = useLocation();
  const applied = handoffSearchOf(search);
  const filter = { userKey: applied.userKey || null, result: applied.result || null };
  const { data, loading, error, fetchMore } = useQuery(HANDOFFS, { variables: { filter }, fetchPolicy: 'network-only' });
  const [userKey, setUserKey] = useState(applied.userKey);
  const [result, setResult] = useState<string>(applied.result);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    navigate(handoffsPath(userKey, result), { replace: true });
  }

  const trail = data?.operatorHandoffAttempts;
  return (
    <section aria-labelledby="handoffs-title" data-testid="handoffs">
      <h2 id="handoffs-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      <form onSubmit={onSubmit} aria-label={texts.filter.label}>
        <div className="filters">
          <div className="field">
            <label htmlFor="handoffs-user">{texts.filter.userKey}</label>
            <input id="handoffs-user" type="search" value={userKey} onChange={(e) => setUserKey(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="handoffs-result">{texts.filter.result}</label>
            <select id="handoffs-result" value={result} onChange={(e) => setResult(e.target.value)}>
              <option value="">{texts.filter.any}</option>
              <option value="ACCEPTED">{texts.filter.accepted}</option>
              <option value="REFUSED">{texts.filter.refused}</option>
            </select>
          </div>
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary">
            {texts.filter.apply}
          </button>
        </div>
      </form>
      {error && <Notice severity="error">{error.message}</Notice>}
      {loading && !trail && <p className="muted">{texts.loading}</p>}
      {trail && trail.attempts.length === 0 && <p data-testid="handoffs-empty">{texts.empty}</p>}
      {trail && trail.attempts.length > 0 && (
        <WorkTable
          caption={texts.caption}
          columns={[
            texts.columns.at,
            texts.columns.userKey,
            texts.columns.result,
            texts.columns.reason,
            texts.columns.scheme,
            texts.columns.address,
          ]}
          testId="handoff-rows"
        >
          {trail.attempts.map((a) => (
            <tr key={a.id} data-testid="handoff-row" data-result={a.result} data-reason={a.reason ?? ''}>
              <td>{new Date(a.at).toLocaleString()}</td>
              <td>{a.userKey ?? '–'}</td>
              <td>{a.result === 'ACCEPTED' ? texts.filter.accepted : texts.filter.refused}</td>
              <td>{a.reason ? (texts.reasons[a.reason] ?? a.reason) : '–'}</td>
              <td>{a.scheme ?? '–'}</td>
              <td>{a.clientAddress ?? '–'}</td>
            </tr>
          ))}
        </WorkTable>
      )}
      {trail?.nextCursor && (
        <ShowMore
          label={texts.more}
          onMore={() =>
            fetchMore({
              variables: { after: trail.nextCursor },
              updateQuery: appendPage('operatorHandoffAttempts', 'attempts'),
            })
          }
        />
      )}
    </section>
  );
}
