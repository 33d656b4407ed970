import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import type { AdminPeriodQuery, PeriodStatus } from '../graphql/generated/graphql';
import { AppLink } from '../ui/AppLink';
import { Notice } from '../ui/Notice';
import { periodIdOf } from './periodPaths';
import { PricePreviewForm } from './PricePreviewForm';
import { periodTexts as texts } from './texts';
import { HintedField } from '../ui/HintedField';

const PERIOD = graphql(`
  query AdminPeriod($id: ID!) {
    operatorPeriod(id: $id) {
      id
      name
      status
      startsOn
      endsOn
      registrationOpensOn
      registrationClosesOn
      pricingRules
      organisation {
        id
        name
      }
    }
  }
`);

const UPDATE = graphql(`
  mutation AdminUpdatePeriod($id: ID!, $input: PeriodSettingsInput!) {
    updateMembershipPeriod(id: $id, input: $input) {
      ... on PeriodChanged {
        period {
          id
          status
          registrationOpensOn
          registrationClosesOn
          pricingRules
        }
      }
      ... on PeriodChangeError {
        code
        messages
      }
    }
  }
`);

type Period = NonNullable<AdminPeriodQuery['operatorPeriod']>;

/** One period: open or close it, its registration dates and prices, and what a family would pay. */
export function PeriodScreen() {
  const { pathname } = useLocation();
  const id = periodIdOf(pathname) ?? '';
  const { data, loading, error } = useQuery(PERIOD, { variables: { id }, skip: !id, fetchPolicy: 'network-only' });
  const period = data?.operatorPeriod;
  return (
    <section aria-labelledby="period-title" data-testid="period">
      <p>
        <AppLink to="/periods">{texts.back}</AppLink>
      </p>
      <h2 id="period-title">{period ? `${period.name} (${period.organisation.name})` : texts.title}</h2>
      {loading && <p className="muted">{texts.loading}</p>}
      {error && <Notice severity="error">{error.message}</Notice>}
      {(!id || (data && !period)) && (
        <Notice severity="info" testId="period-not-found">
          {texts.notFound}
        </Notice>
      )}
      {period && (
        <>
          <PeriodSettingsForm key={period.id} period={period} />
          <PricePreviewForm periodId={period.id} rulesJson={period.pricingRules} onDate={period.registrationOpensOn} />
        </>
      )}
    </section>
  );
}

function PeriodSettingsForm({ period }: { period: Period }) {
  const [status, setStatus] = useState<PeriodStatus>(period.status);
  const [opens, setOpens] = useState(period.registrationOpensOn);
  const [closes, setCloses] = useState(period.registrationClosesOn);
  const [rules, setRules] = useState(period.pricingRules);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; messages: string[] } | null>(null);
  const [update, { loading }] = useMutation(UPDATE);
  const s = texts.settings;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    try {
      const input = {
        status,
        registrationOpensOn: opens,
        registrationClosesOn: closes,
        pricingRules: rules === period.pricingRules ? null : rules,
      };
      const result = (await update({ variables: { id: period.id, input } })).data?.updateMembershipPeriod;
      if (result && 'period' in result) setOutcome({ severity: 'success', messages: [s.saved] });
      else setOutcome({ severity: 'error', messages: result && 'messages' in result ? result.messages : [s.failed] });
    } catch {
      setOutcome({ severity: 'error', messages: [s.failed] });
    }
  }

  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="period-settings-title" noValidate>
      <h3 id="period-settings-title">{s.title}</h3>
      <div className="filters">
        <div className="field">
          <label htmlFor="period-status">{s.status}</label>
          <select id="period-status" value={status} onChange={(e) => setStatus(e.target.value as PeriodStatus)}>
            <option value="OPEN">{texts.statuses.OPEN}</option>
            <option value="CLOSED">{texts.statuses.CLOSED}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="period-opens">{s.opens}</label>
          <input id="period-opens" type="date" value={opens} onChange={(e) => setOpens(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="period-closes">{s.closes}</label>
          <input id="period-closes" type="date" value={closes} onChange={(e) => setCloses(e.target.value)} />
        </div>
      </div>
      <HintedField id="period-rules" label={s.rules} hint={s.rulesHint}>
        {(control) => (
          <textarea
            {...control}
            className="rules-editor"
            rows={14}
            spellCheck={false}
            value={rules}
            onChange={(e) => setRules(e.target.value)}
          />
        )}
      </HintedField>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? s.saving : s.save}
        </button>
      </div>
      {outcome && (
        <Notice severity={outcome.severity} testId="period-outcome">
          {outcome.messages.length === 1 ? (
            outcome.messages[0]
          ) : (
            <ul>
              {outcome.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
    </form>
  );
}
