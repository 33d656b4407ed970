import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { graphql } from '../graphql/generated';
import { ConfirmButton } from '../ui/ConfirmButton';
import { Notice } from '../ui/Notice';
import { ListResult } from '../work/ListResult';
import { apiKeyTexts as texts } from './texts';

const KEYS = graphql(`
  query AdminApiKeys($includeRevoked: Boolean) {
    operatorApiKeys(includeRevoked: $includeRevoked) {
      id
      prefix
      label
      scopes
      status
      expiresAt
      lastUsedAt
      organisations {
        id
        name
      }
    }
  }
`);

const CREATE = graphql(`
  mutation AdminCreateApiKey($input: PartnerApiKeyInput!) {
    createPartnerApiKey(input: $input) {
      ... on PartnerApiKeyDone {
        key
      }
      ... on PartnerApiKeyError {
        message
      }
    }
  }
`);

const ROTATE = graphql(`
  mutation AdminRotateApiKey($id: ID!) {
    rotatePartnerApiKey(id: $id) {
      ... on PartnerApiKeyDone {
        key
        previous {
          expiresAt
        }
      }
      ... on PartnerApiKeyError {
        message
      }
    }
  }
`);

const REVOKE = graphql(`
  mutation AdminRevokeApiKey($id: ID!) {
    revokePartnerApiKey(id: $id) {
      ... on PartnerApiKeyDone {
        apiKey {
          id
        }
      }
      ... on PartnerApiKeyError {
        message
      }
    }
  }
`);

const SCOPES = Object.keys(texts.create.scopeNames);

type Shown = { key: string; previousUntil: string | null };
type Outcome = { severity: 'success' | 'error'; text: string };

/** The partner keys of the operator's organisations: made (shown once), rotated with an overlap, revoked. */
export function ApiKeysScreen() {
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const { data, loading, error, refetch } = useQuery(KEYS, { variables: { includeRevoked }, fetchPolicy: 'network-only' });
  const [shown, setShown] = useState<Shown | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [rotate] = useMutation(ROTATE);
  const [revoke] = useMutation(REVOKE);
  const keys = data?.operatorApiKeys;

  async function onRotate(id: string) {
    setOutcome(null);
    try {
      const result = (await rotate({ variables: { id } })).data?.rotatePartnerApiKey;
      if (result && 'key' in result && result.key) setShown({ key: result.key, previousUntil: result.previous?.expiresAt ?? null });
      else setOutcome({ severity: 'error', text: result && 'message' in result ? result.message : texts.failed });
    } catch {
      setOutcome({ severity: 'error', text: texts.failed });
    }
    void refetch();
  }

  async function onRevoke(id: string) {
    setOutcome(null);
    try {
      const result = (await revoke({ variables: { id } })).data?.revokePartnerApiKey;
      setOutcome(
        result && 'apiKey' in result
          ? { severity: 'success', text: texts.revoked }
          : { severity: 'error', text: result?.message ?? texts.failed },
      );
    } catch {
      setOutcome({ severity: 'error', text: texts.failed });
    }
    void refetch();
  }

  return (
    <section aria-labelledby="keys-title" data-testid="api-keys">
      <h2 id="keys-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      {shown && <ShownKey shown={shown} onDone={() => setShown(null)} />}
      {outcome && (
        <Notice severity={outcome.severity} testId="keys-outcome">
          {outcome.text}
        </Notice>
      )}
      <CreateKeyForm
        onCreated={(key) => {
          setShown({ key, previousUntil: null });
          void refetch();
        }}
      />
      <label className="field-check">
        <input type="checkbox" checked={includeRevoked} onChange={(e) => setIncludeRevoked(e.target.checked)} />
        <span>{texts.showRevoked}</span>
      </label>
      <ListResult
        list={{ loading, error, page: keys && { rows: keys } }}
        loadingText={texts.loading}
        empty={<p data-testid="keys-empty">{texts.empty}</p>}
        caption={texts.caption}
        columns={Object.values(texts.columns)}
        testId="key-rows"
        row={(k) => (
          <tr key={k.id} data-testid="key-row" data-label={k.label ?? ''} data-status={k.status}>
            <td>{k.label ?? '–'}</td>
            <td className="membership-number">{k.prefix}…</td>
            <td>{k.scopes.join(', ')}</td>
            <td>{k.organisations.map((o) => o.name).join(', ')}</td>
            <td>{texts.statuses[k.status] ?? k.status}</td>
            <td>{k.expiresAt ? new Date(k.expiresAt).toLocaleString() : texts.never}</td>
            <td>{k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : texts.never}</td>
            <td>
              {k.status !== 'revoked' && k.status !== 'expired' && (
                <div className="actions">
                  <ConfirmButton
                    label={`${texts.rotate} ${k.label ?? k.prefix}`}
                    title={texts.rotateTitle}
                    body={<p>{texts.rotateBody}</p>}
                    confirmLabel={texts.rotateConfirm}
                    keepLabel={texts.keep}
                    onConfirm={() => void onRotate(k.id)}
                  />
                  <ConfirmButton
                    label={`${texts.revoke} ${k.label ?? k.prefix}`}
                    title={texts.revokeTitle}
                    body={<p>{texts.revokeBody}</p>}
                    confirmLabel={texts.revokeConfirm}
                    keepLabel={texts.keep}
                    danger
                    onConfirm={() => void onRevoke(k.id)}
                  />
                </div>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/** The new key, once: a read-only field to copy from, gone when the operator says it is stored. */
function ShownKey({ shown, onDone }: { shown: Shown; onDone: () => void }) {
  return (
    <div className="card" role="status" data-testid="shown-key">
      <h3>{texts.shown.title}</h3>
      <p>{texts.shown.body}</p>
      <div className="field">
        <label htmlFor="shown-key-value">{texts.shown.label}</label>
        <input id="shown-key-value" type="text" readOnly value={shown.key} onFocus={(e) => e.target.select()} />
      </div>
      {shown.previousUntil && <p>{texts.shown.previous(new Date(shown.previousUntil).toLocaleString())}</p>}
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onDone}>
          {texts.shown.done}
        </button>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const c = texts.create;
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<string[]>(['members:read']);
  const [days, setDays] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CREATE);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const expiresInDays = days.trim() === '' ? null : /^\d{1,5}$/.test(days.trim()) ? Number(days.trim()) : NaN;
    if (Number.isNaN(expiresInDays)) return setProblem(c.invalidDays);
    try {
      const result = (await create({ variables: { input: { label, scopes, expiresInDays } } })).data?.createPartnerApiKey;
      if (result && 'key' in result && result.key) {
        setLabel('');
        onCreated(result.key);
      } else setProblem(result && 'message' in result ? result.message : texts.failed);
    } catch {
      setProblem(texts.failed);
    }
  }

  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="new-key-title" noValidate>
      <h3 id="new-key-title">{c.title}</h3>
      <div className="field">
        <label htmlFor="new-key-label">{c.label}</label>
        <input id="new-key-label" type="text" value={label} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <fieldset>
        <legend>{c.scopes}</legend>
        {SCOPES.map((scope) => (
          <label className="field-check" key={scope}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
            />
            <span>
              {c.scopeNames[scope]} ({scope})
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="new-key-days">{c.expires}</label>
        <input id="new-key-days" type="text" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={loading}>
          {c.submit}
        </button>
      </div>
      {problem && (
        <Notice severity="error" testId="new-key-problem">
          {problem}
        </Notice>
      )}
    </form>
  );
}
