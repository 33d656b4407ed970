import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import type { HandoffResult } from '../graphql/generated/graphql';
import { addressFilterOf, addressFilterPath } from '../work/addressFilter';
import { FilterForm, useAddressFilter } from '../work/FilterForm';
import { ListResult } from '../work/ListResult';
import { handoffTexts as texts } from './texts';
import { useKeysetList } from '../work/useKeysetList';

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
interface HandoffSearch {
  userKey: string;
  result: HandoffResult | '';
}

const HANDOFF_SEARCH_FIELDS = ['userKey', 'result'] as const;

function handoffSearchOf(search: string): HandoffSearch {
  const { userKey, result } = addressFilterOf(search, HANDOFF_SEARCH_FIELDS);
  return { userKey: userKey ?? '', result: result === 'ACCEPTED' || result === 'REFUSED' ? result : '' };
}

function handoffsPath(values: HandoffSearch): string {
  return addressFilterPath('/handoffs', HANDOFF_SEARCH_FIELDS, values);
}

/** The audit trail of signed-link attempts of the tenant, with what each refusal means. */
export function HandoffsScreen() {
  const { search } = useLocation();
  const applied = handoffSearchOf(search);
  const filter = { userKey: applied.userKey || null, result: applied.result || null };
  const list = useKeysetList(HANDOFFS, { filter }, 'operatorHandoffAttempts', 'attempts');
  const { draft, setDraft, apply } = useAddressFilter(applied, handoffsPath);

  return (
    <section aria-labelledby="handoffs-title" data-testid="handoffs">
      <h2 id="handoffs-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      <FilterForm label={texts.filter.label} applyLabel={texts.filter.apply} onApply={() => apply()}>
        <div className="field">
          <label htmlFor="handoffs-user">{texts.filter.userKey}</label>
          <input id="handoffs-user" type="search" value={draft.userKey} onChange={(e) => setDraft({ ...draft, userKey: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="handoffs-result">{texts.filter.result}</label>
          <select
            id="handoffs-result"
            value={draft.result}
            onChange={(e) => setDraft({ ...draft, result: e.target.value as HandoffSearch['result'] })}
          >
            <option value="">{texts.filter.any}</option>
            <option value="ACCEPTED">{texts.filter.accepted}</option>
            <option value="REFUSED">{texts.filter.refused}</option>
          </select>
        </div>
      </FilterForm>
      <ListResult
        list={list}
        loadingText={texts.loading}
        empty={<p data-testid="handoffs-empty">{texts.empty}</p>}
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
        row={(a) => (
          <tr key={a.id} data-testid="handoff-row" data-result={a.result} data-reason={a.reason ?? ''}>
            <td>{new Date(a.at).toLocaleString()}</td>
            <td>{a.userKey ?? '–'}</td>
            <td>{a.result === 'ACCEPTED' ? texts.filter.accepted : texts.filter.refused}</td>
            <td>{a.reason ? (texts.reasons[a.reason] ?? a.reason) : '–'}</td>
            <td>{a.scheme ?? '–'}</td>
            <td>{a.clientAddress ?? '–'}</td>
          </tr>
        )}
        moreLabel={texts.more}
      />
    </section>
  );
}
