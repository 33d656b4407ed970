import { useLazyQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/money';
import { graphql } from '../graphql/generated';
import { Notice } from '../ui/Notice';
import { periodTexts } from './texts';

const PREVIEW = graphql(`
  query AdminPricePreview($periodId: ID!, $registrationDate: String!, $persons: [PricePreviewPerson!]!) {
    previewMembershipPrice(periodId: $periodId, registrationDate: $registrationDate, persons: $persons) {
      ... on PricePreview {
        currency
        totalMinor
        window
        lines {
          person
          kind
          description
          amountMinor
        }
      }
      ... on PricePreviewRefused {
        messages
      }
    }
  }
`);

interface PersonDraft {
  dateOfBirth: string;
  membershipTypeCode: string;
  memberType: string;
}

/** The membership type codes the rules price (their base fees' keys); none when the JSON is not readable. */
function typeCodesOf(rulesJson: string): string[] {
  try {
    const rules = JSON.parse(rulesJson) as { baseFees?: Record<string, unknown> };
    return Object.keys(rules.baseFees ?? {});
  } catch {
    return [];
  }
}

/** A family (persons with birth dates, types and member types) priced on a date by the period's saved rules. */
export function PricePreviewForm({ periodId, rulesJson, onDate }: { periodId: string; rulesJson: string; onDate: string }) {
  const texts = periodTexts.preview;
  const codes = typeCodesOf(rulesJson);
  const [date, setDate] = useState(onDate);
  const [persons, setPersons] = useState<PersonDraft[]>([{ dateOfBirth: '', membershipTypeCode: codes[0] ?? '', memberType: 'new' }]);
  const [preview, { data, loading, error }] = useLazyQuery(PREVIEW, { fetchPolicy: 'network-only' });
  const result = data?.previewMembershipPrice;

  function change(index: number, patch: Partial<PersonDraft>) {
    setPersons(persons.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void preview({ variables: { periodId, registrationDate: date, persons: persons.map((p) => ({ ...p, options: [] })) } });
  }

  return (
    <form className="card" onSubmit={onSubmit} aria-labelledby="preview-title" noValidate>
      <h3 id="preview-title">{texts.title}</h3>
      <div className="field">
        <label htmlFor="preview-date">{texts.date}</label>
        <input id="preview-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </div>
      {persons.map((p, i) => (
        <fieldset key={i}>
          <legend>{texts.person(i + 1)}</legend>
          <div className="filters">
            <div className="field">
              <label htmlFor={`preview-dob-${i}`}>{texts.dateOfBirth}</label>
              <input
                id={`preview-dob-${i}`}
                type="date"
                value={p.dateOfBirth}
                onChange={(e) => change(i, { dateOfBirth: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`preview-type-${i}`}>{texts.type}</label>
              <select
                id={`preview-type-${i}`}
                value={p.membershipTypeCode}
                onChange={(e) => change(i, { membershipTypeCode: e.target.value })}
              >
                {codes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`preview-member-${i}`}>{texts.memberType}</label>
              <select id={`preview-member-${i}`} value={p.memberType} onChange={(e) => change(i, { memberType: e.target.value })}>
                {Object.entries(texts.memberTypes).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {persons.length > 1 && (
            <button type="button" className="button button-secondary" onClick={() => setPersons(persons.filter((_, j) => j !== i))}>
              {texts.remove} ({texts.person(i + 1)})
            </button>
          )}
        </fieldset>
      ))}
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setPersons([...persons, { dateOfBirth: '', membershipTypeCode: codes[0] ?? '', memberType: 'new' }])}
        >
          {texts.add}
        </button>
        <button type="submit" className="button button-primary" disabled={loading}>
          {texts.run}
        </button>
      </div>
      {error && <Notice severity="error">{error.message}</Notice>}
      {result && 'messages' in result && (
        <Notice severity="error" testId="preview-refused">
          {texts.refused}
          <ul>
            {result.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Notice>
      )}
      {result && 'lines' in result && (
        <div data-testid="preview-quote">
          <p>{texts.window(result.window)}</p>
          <table className="work-table">
            <tbody>
              {result.lines.map((line, i) => (
                <tr key={i}>
                  <td>{line.person ? texts.person(line.person) : texts.everyone}</td>
                  <td>{line.description}</td>
                  <td className="amount">{formatMoney(line.amountMinor, result.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {texts.total}
                </th>
                <td className="amount" data-testid="preview-total">
                  {formatMoney(result.totalMinor, result.currency)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </form>
  );
}
